import { READER_BUFFER_CLEAR_MS } from '@zaplecze/contract';

/** The timer functions the buffer uses; tests pass a fake clock. */
export interface Scheduler {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const browserScheduler: Scheduler = {
  set: (fn, ms) => window.setTimeout(fn, ms),
  clear: (handle) => window.clearTimeout(handle as number),
};

/** The parts of a keydown event the buffer reads. */
export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/**
 * What a barcode scanner types, collected key by key: printable keys are upper-cased and added,
 * Enter hands the collected text to `onSubmit` (nothing for an empty buffer), and 400 ms without
 * a key (READER_BUFFER_CLEAR_MS) forget a half-read code, so a stray key press never prefixes
 * the next scan. `onChange` follows the buffer for the read-only field.
 */
export class ScannerBuffer {
  private text = '';
  private timer: unknown;

  constructor(
    private readonly onSubmit: (code: string) => void,
    private readonly onChange: (text: string) => void = () => undefined,
    private readonly scheduler: Scheduler = browserScheduler,
    private readonly clearMs: number = READER_BUFFER_CLEAR_MS,
  ) {}

  get value(): string {
    return this.text;
  }

  /** Feeds one key; true when the key was the scanner's (the page should not act on it). */
  key(e: KeyInput): boolean {
    if (e.ctrlKey || e.altKey || e.metaKey) return false;
    if (e.key === 'Enter') {
      const code = this.text;
      this.reset();
      if (code !== '') this.onSubmit(code);
      return code !== '';
    }
    // Shift, Tab, arrows and the like have long names; a printable key is one character.
    if ([...e.key].length !== 1) return false;
    this.set(this.text + e.key.toUpperCase());
    this.restartTimer();
    return true;
  }

  /** Forgets the buffer and its timer (also on leaving the page). */
  reset(): void {
    if (this.timer !== undefined) this.scheduler.clear(this.timer);
    this.timer = undefined;
    this.set('');
  }

  private restartTimer(): void {
    if (this.timer !== undefined) this.scheduler.clear(this.timer);
    this.timer = this.scheduler.set(() => {
      this.timer = undefined;
      this.set('');
    }, this.clearMs);
  }

  private set(text: string): void {
    if (text === this.text) return;
    this.text = text;
    this.onChange(text);
  }
}

/** Keys typed into another field (a search box, a dialog) are the user's, not the scanner's. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.dataset.scannerInput !== undefined) return false;
  if (target instanceof HTMLInputElement) return !NOT_TEXT_INPUTS.has(target.type);
  return target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

/** Inputs that take no text: a key pressed while one has the focus is still the scanner's. */
const NOT_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);
