import { describe, expect, it } from 'vitest';
import { findReferences } from './references.ts';

describe('Bible references in a note', () => {
  it('finds pt, en and es references and links them to the passage', () => {
    const found = findReferences(
      'Texto base: João 10:11-18. Ligação com Salmos 23 e 1 Co 13.4. Also John 3:16; y Juan 1:1.',
      'pt',
    );
    expect(found.map((r) => [r.label, r.href])).toEqual([
      ['João 10:11-18', '/bible/john/10?v=11-18#v11'],
      ['Salmos 23', '/bible/ps/23'],
      ['1 Coríntios 13:4', '/bible/1cor/13?v=4#v4'],
      ['João 3:16', '/bible/john/3?v=16#v16'],
      ['João 1:1', '/bible/john/1?v=1#v1'],
    ]);
  });

  it('names books in the reader’s language', () => {
    expect(findReferences('Read Romans 5:1-5', 'en')[0]).toMatchObject({
      label: 'Romans 5:1-5',
      href: '/bible/rom/5?v=1-5#v1',
    });
    expect(findReferences('Lee Romanos 5:1', 'es')[0]!.label).toBe('Romanos 5:1');
  });

  it('leaves ordinary words with numbers alone', () => {
    expect(
      findReferences(
        'Culto às 19:30, sala 3. Capítulo 4 do livro. Em 2024 foram 12 batismos.',
        'pt',
      ),
    ).toEqual([]);
  });
});
