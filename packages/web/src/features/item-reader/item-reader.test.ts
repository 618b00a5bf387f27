import type { ItemScanAnswer } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { photoThumbUrl } from './item-reader.api';
import { applyAnswer, applyFailure, changesItem, initialReaderState, LOG_MAX } from './reader-log';
import { isTypingTarget, ScannerBuffer, type Scheduler } from './scanner-buffer';

/** A clock the test moves by hand. */
class FakeClock implements Scheduler {
  now = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  private seq = 0;
  set(fn: () => void, ms: number) {
    this.seq += 1;
    this.timers.set(this.seq, { at: this.now + ms, fn });
    return this.seq;
  }
  clear(handle: unknown) {
    this.timers.delete(handle as number);
  }
  advance(ms: number) {
    this.now += ms;
    for (const [id, t] of [...this.timers]) {
      if (t.at <= this.now) {
        this.timers.delete(id);
        t.fn();
      }
    }
  }
}

function setup() {
  const clock = new FakeClock();
  const submitted: string[] = [];
  const shown: string[] = [];
  const buffer = new ScannerBuffer(
    (c) => submitted.push(c),
    (t) => shown.push(t),
    clock,
  );
  const type = (text: string, gapMs = 10) => {
    for (const ch of text) {
      buffer.key({ key: ch });
      clock.advance(gapMs);
    }
  };
  return { clock, submitted, shown, buffer, type };
}

describe('scanner keystroke buffer', () => {
  it('upper-cases the keys and submits the buffer on Enter', () => {
    const { buffer, submitted, type } = setup();
    type('abc-12');
    expect(buffer.value).toBe('ABC-12');
    expect(buffer.key({ key: 'Enter' })).toBe(true);
    expect(submitted).toEqual(['ABC-12']);
    expect(buffer.value).toBe('');
    type('qty+5');
    buffer.key({ key: 'Enter' });
    expect(submitted).toEqual(['ABC-12', 'QTY+5']);
  });

  it('clears after 400 ms without a key, not before', () => {
    const { buffer, clock, submitted, shown, type } = setup();
    type('xy', 0);
    clock.advance(399);
    expect(buffer.value).toBe('XY');
    clock.advance(1);
    expect(buffer.value).toBe('');
    expect(shown.at(-1)).toBe('');
    type('kod', 300);
    // Each key restarts the 400 ms, so a slow but steady scanner still reads the whole code.
    expect(buffer.value).toBe('KOD');
    buffer.key({ key: 'Enter' });
    expect(submitted).toEqual(['KOD']);
  });

  it('ignores an Enter on an empty buffer, long key names and shortcuts', () => {
    const { buffer, submitted } = setup();
    expect(buffer.key({ key: 'Enter' })).toBe(false);
    expect(buffer.key({ key: 'Shift' })).toBe(false);
    expect(buffer.key({ key: 'ArrowDown' })).toBe(false);
    expect(buffer.key({ key: 'c', ctrlKey: true })).toBe(false);
    expect(buffer.key({ key: 'ż' })).toBe(true);
    expect(buffer.value).toBe('Ż');
    expect(submitted).toEqual([]);
  });

  it('leaves keys typed into text fields alone, but not into buttons or the scanner field', () => {
    const text = document.createElement('input');
    const radio = document.createElement('input');
    radio.type = 'radio';
    const scanner = document.createElement('input');
    scanner.dataset.scannerInput = '';
    expect(isTypingTarget(text)).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(radio)).toBe(false);
    expect(isTypingTarget(scanner)).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
  });
});

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
      itemCode: 'KUBEK-1',
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
