import type { Page } from 'playwright-core';

/**
 * What the item and the order barcode readers share (the web app's `ui/reader/`): scanner
 * keystrokes on the page, the manual entry and the mode switch.
 */
export abstract class ReaderPage {
  constructor(
    readonly page: Page,
    protected readonly url: (appPath: string) => string,
  ) {}

  /** Types the code as a scanner does: fast keystrokes on the page, then Enter. */
  async scan(code: string): Promise<void> {
    await this.page.keyboard.type(code);
    await this.page.keyboard.press('Enter');
  }

  async manual(code: string): Promise<void> {
    await this.mode('manual');
    await this.page.getByTestId('reader-manual-input').fill(code);
    await this.page.getByTestId('reader-manual-send').click();
    await this.mode('scanner');
  }

  /** The mode switch is a radio group drawn as buttons (their labels). */
  async mode(which: 'scanner' | 'manual'): Promise<void> {
    await this.page.locator(`label[for="reader-mode-${which}"]`).click();
  }
}
