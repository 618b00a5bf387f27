import type { ItemScanAnswer } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { photoThumbUrl } from './item-reader.api';
import { LOG_MAX } from '@web/ui/reader/scan-log';
import { applyAnswer, applyFailure, changesItem, initialReaderState } from './reader-log';

const answer = (a: Partial<ItemScanAnswer>): ItemScanAnswer => ({
  date: '2026-11-23T10:00:00.000Z',
  itemCode: 'KUBEK-1',
  actionType: 'ITEM',
  actionBarcode: 'KUBEK-1',
  actionDesc: 'Wybrano towar KUBEK-1 (Kubek).',
  clientAction: 'NONE',
  isError: false,
  ...a,
});

describe('reader log', () => {
  it('puts the newest row first and keeps the selected item as the next context', () => {
    let s = applyAnswer(initialReaderState, answer({}));
    s = applyAnswer(s, answer({ actionType: 'STOCK_CHANGE', actionBarcode: 'QTY+5', actionDesc: 'plus' }));
    expect(s.itemCode).toBe('KUBEK-1');
    expect(s.log.map((r) => r.barcode)).toEqual(['QTY+5', 'KUBEK-1']);
  });

  it('an error answer is a red row and its itemCode (null) is taken', () => {
    let s = applyAnswer(initialReaderState, answer({}));
    s = applyAnswer(s, answer({ itemCode: null, isError: true, actionType: 'UNKNOWN', actionBarcode: 'ŻÓŁW' }));
    expect(s.itemCode).toBeNull();
    expect(s.log[0]).toMatchObject({ isError: true, barcode: 'ŻÓŁW' });
  });

  it('CLEAR forgets the item and keeps the log', () => {
    let s = applyAnswer(initialReaderState, answer({}));
    s = applyAnswer(
      s,
      answer({ itemCode: null, actionType: 'RESET', clientAction: 'CLEAR', actionDesc: 'Wyczyszczono' }),
    );
    expect(s.itemCode).toBeNull();
    expect(s.log.map((r) => r.actionDesc)).toEqual(['Wyczyszczono', 'Wybrano towar KUBEK-1 (Kubek).']);
  });

  it('an HTTP failure adds a red row with the message and keeps the item', () => {
    let s = applyAnswer(initialReaderState, answer({}));
    s = applyFailure(s, 'QTY+5', 'Brak uprawnień', new Date('2026-11-23T10:00:01Z'));
    expect(s.itemCode).toBe('KUBEK-1');
    expect(s.log[0]).toMatchObject({
      isError: true,
      barcode: 'QTY+5',
      actionDesc: 'Brak uprawnień',
      context: 'KUBEK-1',
    });
  });

  it(`keeps at most ${LOG_MAX} rows`, () => {
    let s = initialReaderState;
    for (let i = 0; i < LOG_MAX + 5; i++) s = applyAnswer(s, answer({ actionBarcode: `C${i}` }));
    expect(s.log).toHaveLength(LOG_MAX);
    expect(s.log[0]?.barcode).toBe(`C${LOG_MAX + 4}`);
  });

  it('a stock change or another set value refreshes the item; a selection or an error does not', () => {
    expect(changesItem(answer({ actionType: 'STOCK_CHANGE' }))).toBe(true);
    expect(changesItem(answer({ actionType: 'PLACE' }))).toBe(true);
    expect(changesItem(answer({ actionType: 'ITEM' }))).toBe(false);
    expect(changesItem(answer({ actionType: 'STOCK_CHANGE', isError: true }))).toBe(false);
  });
});

describe('photo thumbnails', () => {
  it('an uploaded file goes through /api/image with the prefix, a URL photo as it is', () => {
    expect(photoThumbUrl({ type: 'file', name: 'a'.repeat(32) + '.jpg' }, 'sklep')).toBe(
      `/api/image?p=sklep&name=${'a'.repeat(32)}.jpg&size=thumb`,
    );
    expect(photoThumbUrl({ type: 'url', name: 'https://example.pl/k.png' }, 'sklep')).toBe('https://example.pl/k.png');
  });
});
