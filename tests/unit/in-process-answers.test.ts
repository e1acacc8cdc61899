// A page's in-process reads take the API's answer as a value (docs/performance.md "In-process answers
// as values"): the same data a page would parse from the JSON, and nothing changes for a request from outside.
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerValueOf, markInProcess } from '../../contract/in-process.ts';
import { inProcessAnswers, outsideOnly } from '../../server/http/in-process-answers.ts';
import { createInProcessApi, getParsed } from '../../src/lib/api.ts';

const when = new Date('2026-11-29T10:00:00.000Z');
const app = new Hono().basePath('/api/v1');
app.use(inProcessAnswers());
app.use(outsideOnly(secureHeaders()));
app.get('/item', (c) => c.json({ id: 1, nome: 'Graça', extra: 'x' }));
app.get('/created', (c) => c.json({ id: 2, nome: 'Nova' }, 201));
app.get('/missing', (c) => c.json({ status: false, message: 'Not found.' }, 404));
app.get('/dated', (c) => c.json({ id: 3, nome: 'Culto', quando: when }));
const schema = z.object({ id: z.number(), nome: z.string() });
const api = createInProcessApi('http://in-process/api/v1/', (request) => app.fetch(request));

afterEach(() => {
  delete process.env.IN_PROCESS_CHECK;
});

describe('in-process answers', () => {
  it('a marked request gets a bodiless answer carrying the value; an unmarked one the JSON', async () => {
    const marked = await app.fetch(markInProcess(new Request('http://in-process/api/v1/item')));
    expect(marked.status).toBe(200);
    expect(marked.body).toBeNull();
    expect(answerValueOf(marked)).toEqual({ value: { id: 1, nome: 'Graça', extra: 'x' } });
    const plain = await app.fetch(new Request('http://in-process/api/v1/item'));
    expect(answerValueOf(plain)).toBeUndefined();
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await plain.json()).toEqual({ id: 1, nome: 'Graça', extra: 'x' });
    // a browser's headers only on the answer that leaves the process
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    expect(marked.headers.get('x-content-type-options')).toBeNull();
  });

  it('keeps the status of a success and the JSON body of a failure', async () => {
    const created = await app.fetch(markInProcess(new Request('http://in-process/api/v1/created')));
    expect(created.status).toBe(201);
    expect(answerValueOf(created)?.value).toEqual({ id: 2, nome: 'Nova' });
    const missing = await app.fetch(markInProcess(new Request('http://in-process/api/v1/missing')));
    expect(missing.status).toBe(404);
    expect(answerValueOf(missing)).toBeUndefined();
    expect(await missing.json()).toEqual({ status: false, message: 'Not found.' });
  });

  it('getParsed reads the value as it would read the JSON, the schema stripping what it does not know', async () => {
    expect(await getParsed(api, 'item', schema)).toEqual({ id: 1, nome: 'Graça' });
    const withDate = schema.extend({ quando: z.string() });
    // a Date the contract carries as text: read through JSON, as over HTTP
    expect(await getParsed(api, 'dated', withDate)).toEqual({
      id: 3,
      nome: 'Culto',
      quando: '2026-11-29T10:00:00.000Z',
    });
  });

  it('with IN_PROCESS_CHECK=1 an answer that reads differently from its JSON fails loudly', async () => {
    process.env.IN_PROCESS_CHECK = '1';
    expect(await getParsed(api, 'item', schema)).toEqual({ id: 1, nome: 'Graça' });
    await expect(getParsed(api, 'dated', schema.extend({ quando: z.string() }))).rejects.toThrow(
      /reads differently from its JSON/,
    );
  });
});
