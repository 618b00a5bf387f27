import { describe, expect, it } from 'vitest';
import { sanitizeModalHtml } from '@web/platform/modals/sanitize';

describe('sanitizeModalHtml', () => {
  it('keeps the allowed formatting tags', () => {
    const html =
      '<h3>Uwaga</h3><b>gruby</b><br><i>kursywa</i><hr><small>mały</small><u>podkreślony</u><strong>s</strong><em>e</em>';
    expect(sanitizeModalHtml(html)).toBe(html);
  });

  it('strips other tags but keeps their text', () => {
    expect(sanitizeModalHtml('<p>akapit <a href="https://x.pl">link</a></p>')).toBe('akapit link');
    expect(sanitizeModalHtml('<div><span>tekst</span></div>')).toBe('tekst');
  });

  it('removes scripts, event handlers and attributes', () => {
    expect(sanitizeModalHtml('<script>alert(1)</script>ok')).toBe('ok');
    expect(sanitizeModalHtml('<b onclick="alert(1)" style="color:red">x</b>')).toBe('<b>x</b>');
    expect(sanitizeModalHtml('<img src=x onerror=alert(1)>')).toBe('');
  });
});
