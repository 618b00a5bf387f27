import type { Locator, Page } from 'playwright-core';
import { t } from '../texts';

/** /items-barcode-reader: the item barcode reader (scanner keystrokes or manual entry). */
export class ItemReaderPage {
  private readonly r = t.itemReader;

  constructor(
    readonly page: Page,
    private readonly url: (appPath: string) => string,
  ) {}

  async goto(): Promise<this> {
    await this.page.goto(this.url('/items-barcode-reader'));
    await this.heading.waitFor();
    return this;
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.r.title });
  }
  get scannerInput(): Locator {
    return this.page.getByTestId('reader-scanner-input');
  }

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

  /** The log's rows, newest first: [action, code, error]. */
  async log(): Promise<{ action: string; code: string; error: boolean }[]> {
    const rows = this.page.getByTestId('reader-log-row');
    const out: { action: string; code: string; error: boolean }[] = [];
    for (const row of await rows.all()) {
      const cells = await row.locator('td').allTextContents();
      out.push({
        action: (cells[2] ?? '').trim(),
        code: (cells[3] ?? '').trim(),
        error: (await row.getAttribute('data-error')) === 'true',
      });
    }
    return out;
  }

  itemField(field: 'code' | 'name' | 'stock' | 'place'): Locator {
    return this.page.getByTestId(`reader-item-${field}`);
  }
}
