import { describe, expect, it } from 'vitest';
import { decode } from './csv-read';

const cp1250 = (s: string) => {
  const table = new TextDecoder('windows-1250');
  const map = new Map<string, number>();
  for (let b = 0; b < 256; b++) map.set(table.decode(Uint8Array.of(b)), b);
  return Buffer.from([...s].map((ch) => map.get(ch)!));
};

describe('the encoding of a supplier file', () => {
  it('reads Windows-1250 that happens to be valid UTF-8 as Windows-1250', () => {
    // Ć ł are C6 B3 (U+01B3 in UTF-8), Ó Ł are D3 A3 (U+04E3): valid UTF-8, wrong letters.
    for (const text of ['kod;nazwa\r\nRT-1;Ćł', 'kod;nazwa\nA1;PÓŁKA\nA2;STÓŁ']) {
      const bytes = cp1250(text);
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).not.toThrow();
      expect(decode(bytes, 'auto')).toEqual({ text, encoding: 'windows-1250' });
    }
  });

  it('keeps UTF-8 with Polish letters, ó alone, a BOM, or no letters beyond ASCII', () => {
    for (const text of ['kod;nazwa\nA1;Półka zażółć gęślą jaźń', 'A;ó', 'A;Źó', 'kod;nazwa\nA1;kubek']) {
      expect(decode(Buffer.from(text), 'auto')).toEqual({ text, encoding: 'utf-8' });
    }
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), cp1250('A;Ćł')]);
    expect(decode(bom, 'auto').encoding).toBe('utf-8');
    expect(decode(cp1250('A;Ćł'), 'utf-8').text).toBe('A;Ƴ');
  });
});
