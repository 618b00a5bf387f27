import type { Locator } from 'playwright-core';
import { t } from '../texts';
import { ReaderPage } from './reader-page';

/** /items-barcode-reader: the item barcode reader (scanner keystrokes or manual entry). */
export class ItemReaderPage extends ReaderPage {
  private readonly r = t.itemReader;

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
