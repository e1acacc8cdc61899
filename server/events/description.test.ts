import { describe, expect, it } from 'vitest';
import { descriptionHtml, descriptionText, plainTextToHtml } from './description.ts';

describe('event descriptions (docs/events.md "The description")', () => {
  it('prints plain text as escaped paragraphs, keeping single line breaks', () => {
    expect(plainTextToHtml('Hi\nthere\r\n\r\n  <b>bold</b> & co  \n\n\n')).toBe(
      '<p>Hi<br>there</p><p>&lt;b&gt;bold&lt;/b&gt; &amp; co</p>',
    );
    expect(descriptionHtml('Uma linha', 'texto')).toBe('<p>Uma linha</p>');
    expect(descriptionHtml(null, 'html')).toBe('');
  });

  it('sanitises stored HTML with the content sanitiser', () => {
    expect(
      descriptionHtml(
        '<p onmouseover="x()">Oi<img src=x onerror=alert(1)></p><script>1</script>',
        'html',
      ),
    ).toBe('<p>Oi</p>');
  });

  it('reads the text of HTML for calendars and apps, and leaves plain text alone', () => {
    expect(
      descriptionText(
        '<h2>Título</h2><p>A &amp; B<br>C</p><ul><li>um</li><li>dois</li></ul>',
        'html',
      ),
    ).toBe('Título\nA & B\nC\num\ndois');
    expect(descriptionText('<b>not html</b>\n\nkept', 'texto')).toBe('<b>not html</b>\n\nkept');
    expect(descriptionText('<p></p>', 'html')).toBeNull();
  });
});
