import type { Download, Locator, Page } from 'playwright-core';
import { t } from '../texts';

type Section = 'stock-changes' | 'weights' | 'sizes' | 'other-codes';

/** barcode-prints: reader-code sheets (docs/rules/platform-rules.md §2 Reader-code printing). */
export class BarcodePrintsPage {
  private readonly b = t.barcodePrints;

  constructor(
    readonly page: Page,
    private readonly url: (appPath: string) => string,
  ) {}

  async goto(): Promise<this> {
    await this.page.goto(this.url('/barcode-prints'));
    await this.heading.waitFor();
    return this;
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.b.title });
  }
  section(name: Section): Locator {
    return this.page.getByTestId(name).first();
  }

  get stockAmount(): Locator {
    return this.page.getByLabel(this.b.stock.amount, { exact: true });
  }
  async addStock(amount: string, direction: 'increase' | 'decrease'): Promise<void> {
    await this.stockAmount.fill(amount);
    await this.page.getByTestId(`stock-${direction}`).click();
  }

  /** Generates multiples of `step` up to `upTo` in the weights or sizes card. */
  async generate(which: 'weights' | 'sizes', step: string, upTo: string): Promise<void> {
    const form = this.page.getByTestId(`${which}-generate-form`);
    await form.locator('input').nth(0).fill(step);
    await form.locator('input').nth(1).fill(upTo);
    await form.getByRole('button', { name: this.b.generate.button }).click();
  }
  async addSingle(which: 'weights' | 'sizes', value: string): Promise<void> {
    const form = this.page.getByTestId(`${which}-single-form`);
    await form.locator('input').fill(value);
    await form.getByRole('button', { name: this.b.generate.add }).click();
  }

  /** The values of a list as shown ('+5', '500 g'). */
  async values(list: 'stock-changes' | 'weights' | 'sizes'): Promise<string[]> {
    return (await this.page.getByTestId(`${list}-value`).allTextContents()).map((s) => s.trim());
  }
  removeButton(shown: string): Locator {
    return this.page.getByRole('button', { name: `Usuń ${shown}`, exact: true });
  }

  printButton(section: Section): Locator {
    return this.page.getByTestId(`${section}-print`);
  }
  downloadButton(section: Section): Locator {
    return this.page.getByTestId(`${section}-download`);
  }
  /** Clicks download and waits for the browser's download of the sheet. */
  async download(section: Section): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.downloadButton(section).click()]);
    return download;
  }
}
