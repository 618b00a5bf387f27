import type { Locator } from 'playwright-core';
import { orderReaderMessages } from '@web/features/order-reader/messages.pl';
import { ReaderPage } from './reader-page';

/** /orders-barcode-reader: the order barcode reader of the packing bench. */
export class OrderReaderPage extends ReaderPage {
  readonly t = orderReaderMessages;

  async goto(): Promise<this> {
    await this.page.goto(this.url('/orders-barcode-reader'));
    await this.heading.waitFor();
    return this;
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.t.title });
  }

  /** The log's rows, newest first. */
  async log(): Promise<{ order: string; action: string; code: string; error: boolean }[]> {
    return this.page.getByTestId('reader-log-row').evaluateAll((rows) =>
      rows.map((row) => {
        const cells = [...row.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim());
        return {
          order: cells[1] ?? '',
          action: cells[2] ?? '',
          code: cells[3] ?? '',
          error: row.getAttribute('data-error') === 'true',
        };
      }),
    );
  }

  async logLength(): Promise<number> {
    return this.page.getByTestId('reader-log-row').count();
  }

  /** Waits until the log has `n` rows and answers them. */
  async logAfter(n: number): Promise<{ order: string; action: string; code: string; error: boolean }[]> {
    await this.page
      .getByTestId('reader-log-row')
      .nth(n - 1)
      .waitFor();
    return this.log();
  }

  field(name: 'number' | 'status' | 'sizes' | 'weight' | 'carrier' | 'waybill'): Locator {
    return this.page.getByTestId(`reader-order-${name}`);
  }

  /** The order lines: code, 'packed / quantity' and the missing count. */
  async lines(): Promise<{ code: string; packed: string; missing: number }[]> {
    return this.page.getByTestId('reader-order-line').evaluateAll((rows) =>
      rows.map((row) => ({
        code: row.getAttribute('data-code') ?? '',
        packed: (row.querySelectorAll('td')[2]?.textContent ?? '').trim(),
        missing: Number(row.getAttribute('data-missing')),
      })),
    );
  }

  get none(): Locator {
    return this.page.getByTestId('reader-order-none');
  }
  get noSettings(): Locator {
    return this.page.getByTestId('reader-no-settings');
  }
  get flash(): Locator {
    return this.page.getByTestId('reader-error-flash');
  }
}
