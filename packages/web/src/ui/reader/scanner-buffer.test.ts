import { describe, expect, it } from 'vitest';
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
