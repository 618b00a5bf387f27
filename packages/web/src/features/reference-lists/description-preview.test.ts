import { describe, expect, it } from 'vitest';
import { descriptionPreview, DESCRIPTION_PREVIEW_CHARS } from './description-preview';

describe('descriptionPreview', () => {
  it('keeps a short description whole', () => {
    expect(descriptionPreview('Wysyłka w 24 h')).toBe('Wysyłka w 24 h');
  });

  it('cuts a long description at 300 characters with an ellipsis', () => {
    const text = 'ą'.repeat(DESCRIPTION_PREVIEW_CHARS + 50);
    const preview = descriptionPreview(text);
    expect(DESCRIPTION_PREVIEW_CHARS).toBe(300);
    expect(preview).toBe(`${'ą'.repeat(300)}…`);
  });

  it('keeps exactly 300 characters without an ellipsis', () => {
    const text = 'x'.repeat(300);
    expect(descriptionPreview(text)).toBe(text);
  });

  it('flattens line breaks and runs of spaces into single spaces', () => {
    expect(descriptionPreview('Linia 1\n\n  Linia 2\t koniec ')).toBe('Linia 1 Linia 2 koniec');
  });
});
