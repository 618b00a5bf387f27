import type { Locator, Page } from 'playwright-core';
import { t } from '../texts';

/** /items/{id}: the item edit form with its collapsible sections (docs/rules/catalogue-and-orders-rules.md §2.3). */
export class ItemEditPage {
  private readonly e = t.itemEdit.edit;

  constructor(
    readonly page: Page,
    private readonly url: (appPath: string) => string,
  ) {}

  async goto(id: number): Promise<this> {
    await this.page.goto(this.url(`/items/${id}`));
    await this.form.waitFor();
    return this;
  }

  get heading(): Locator {
    return this.page.getByTestId('item-heading');
  }
  get form(): Locator {
    return this.page.getByTestId('item-form');
  }
  field(testId: string): Locator {
    return this.page.getByTestId(testId);
  }
  get code(): Locator {
    return this.field('item-code');
  }
  get gtin(): Locator {
    return this.field('item-gtin');
  }
  get name(): Locator {
    return this.field('item-name');
  }
  get price(): Locator {
    return this.field('item-price');
  }
  get vat(): Locator {
    return this.field('item-vat');
  }
  get currency(): Locator {
    return this.field('item-currency');
  }
  get status(): Locator {
    return this.field('item-status');
  }
  get countWare(): Locator {
    return this.field('item-count-ware');
  }
  get countOfferOn(): Locator {
    return this.page.getByLabel(this.e.countOfferOn);
  }
  get countOffer(): Locator {
    return this.field('item-count-offer');
  }
  get category(): Locator {
    return this.field('item-category');
  }
  get saveButton(): Locator {
    return this.field('item-save');
  }

  /** Opens a collapsed section by its test id (item-external, item-descs, item-params, item-photos-section). */
  async open(section: 'item-external' | 'item-descs' | 'item-params' | 'item-photos-section'): Promise<Locator> {
    const toggle = this.page.getByTestId(`${section}-toggle`);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const body = this.page.getByTestId(section).locator('.collapse.show');
    await body.waitFor();
    return body;
  }
  async openAll(): Promise<void> {
    for (const s of ['item-external', 'item-descs', 'item-params', 'item-photos-section'] as const) await this.open(s);
  }

  // ---- parameters ------------------------------------------------------------------------------
  async addParam(name: string): Promise<Locator> {
    const pick = this.page.getByTestId('item-params-editor-pick');
    const value = await pick.locator('option', { hasText: `${name} (` }).getAttribute('value');
    await pick.selectOption(value ?? '');
    await this.page.getByTestId('item-params-editor-add').click();
    return this.paramRow(name);
  }
  paramRow(name: string): Locator {
    return this.page.locator(`[data-testid="item-params-editor-row"][data-param="${name}"]`);
  }

  // ---- photos ------------------------------------------------------------------------------------
  get photos(): Locator {
    return this.page.getByTestId('item-photo');
  }
  async upload(files: string[]): Promise<void> {
    await this.page.getByTestId('item-photos-input').setInputFiles(files);
  }
  /** Whether every thumbnail has loaded (naturalWidth > 0). */
  async thumbnailsLoaded(): Promise<boolean[]> {
    return this.photos.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0));
  }
}

/** /items/mass-edit (docs/rules/catalogue-and-orders-rules.md §2.4). */
export class MassEditPage {
  constructor(
    readonly page: Page,
    private readonly url: (appPath: string) => string,
  ) {}

  /** Puts the selection where the item list leaves it (session storage), then opens the page again. */
  async goto(selection?: { ids: number[]; codes: string[] }): Promise<this> {
    await this.page.goto(this.url('/items/mass-edit'));
    if (selection) {
      await this.page.evaluate((s) => sessionStorage.setItem('items.massEdit.selection', JSON.stringify(s)), selection);
      await this.page.reload();
      await this.form.waitFor();
    }
    return this;
  }
  get form(): Locator {
    return this.page.getByTestId('mass-form');
  }
  get none(): Locator {
    return this.page.getByTestId('mass-none');
  }
  get codes(): Locator {
    return this.page.getByTestId('mass-codes');
  }
  get count(): Locator {
    return this.page.getByTestId('mass-count');
  }
  group(id: string): Locator {
    return this.page.getByTestId(`mass-group-${id}`);
  }
  async tick(id: string): Promise<void> {
    await this.group(id).locator('input[type=checkbox]').first().check();
  }
  field(name: string): Locator {
    return this.page.getByTestId(`mass-${name}`);
  }
  get saveButton(): Locator {
    return this.page.getByTestId('mass-save');
  }
  get report(): Locator {
    return this.page.getByTestId('report-dialog');
  }
}
