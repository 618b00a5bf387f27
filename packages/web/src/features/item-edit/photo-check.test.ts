import { describe, expect, it } from 'vitest';
import { isPhotoContent, notPhotos } from './upload-progress';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0];
const file = (bytes: number[] | string, name: string, type: string) =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });

describe('photos are checked when chosen', () => {
  it('knows a PNG and a JPEG by their first bytes', () => {
    expect(isPhotoContent(new Uint8Array(PNG_HEAD))).toBe(true);
    expect(isPhotoContent(new Uint8Array(JPEG_HEAD))).toBe(true);
    expect(isPhotoContent(new TextEncoder().encode('%PDF-1.4'))).toBe(false);
  });

  it('refuses by type, by name and by content', async () => {
    const good = [file(PNG_HEAD, 'a.png', 'image/png'), file(JPEG_HEAD, 'b.JPG', 'image/jpeg')];
    expect(await notPhotos(good)).toEqual([]);
    const pdf = file('%PDF-1.4 ...', 'dokument.jpg', 'image/jpeg');
    const text = file('tekst', 'notatka.txt', 'text/plain');
    const noName = file(PNG_HEAD, 'obraz', 'image/png');
    expect((await notPhotos([...good, pdf, text, noName])).map((f) => f.name)).toEqual([
      'dokument.jpg',
      'notatka.txt',
      'obraz',
    ]);
  });
});
