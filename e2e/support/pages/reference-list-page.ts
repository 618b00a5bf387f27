import type { Download, Locator, Page } from 'playwright-core';
import type { ListTexts } from '@web/ui/list-config';
import { escapeRegExp, t } from '../texts';

/** The texts of one list screen: a key of the lists catalogue, or the user sizes. */
export type ListKind =
  | 'additionalDescs'
  | 'deliveryPriceLists'
  | 'deliveryTimes'
  | 'itemGroups'
  | 'itemStatuses'
  | 'incomeSources'
  | 'orderStatuses'
  | 'userSizes';

const PATHS: Record<ListKind, string> = {
  additionalDescs: '/additional-descs',
  deliveryPriceLists: '/delivery-price-lists',
  deliveryTimes: '/delivery-times',
  itemGroups: '/item-groups',
  itemStatuses: '/item-statuses',
  incomeSources: '/income-sources',
  orderStatuses: '/order-statuses',
  userSizes: '/user-sizes',
};

/**
 * A simple list screen (ui/ReferenceListPage): the collapsible edit form on top, the table below with
 * edit, delete and the defaults menu, multi-select with reader codes (goods-and-orders.md §2.12).
 */
export class ReferenceListPage {
  readonly texts: ListTexts;
  private readonly ui = t.ui.list;

  constructor(
    readonly page: Page,
    private readonly url: (appPath: string) => string,
    readonly kind: ListKind,
  ) {
    this.texts = kind === 'userSizes' ? t.userSizes : t.lists[kind];
  }

  get path(): string {
    return PATHS[this.kind];
  }

  async goto(): Promise<this> {
    await this.page.goto(this.url(this.path));
    await this.heading.waitFor();
    return this;
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.texts.title });
  }

  // ---- the form ------------------------------------------------------------------------------
  /** The form's header (its text is 'add new ...' or 'edit ...'). */
  get formHeading(): Locator {
    return this.page.getByTestId(/-form-heading$/);
  }
  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }
  get nameField(): Locator {
    return this.field(t.lists.fields.name);
  }
  get saveButton(): Locator {
    return this.page.getByRole('button', { name: this.ui.save, exact: true });
  }
  get cancelButton(): Locator {
    return this.page.getByRole('button', { name: this.ui.cancel, exact: true });
  }

  // ---- the table -----------------------------------------------------------------------------
  get table(): Locator {
    return this.page.getByRole('table');
  }
  get rows(): Locator {
    return this.table.getByTestId('list-row');
  }
  /** The row whose name cell is exactly this name (badges beside it allowed). */
  row(name: string): Locator {
    return this.rows.filter({
      has: this.page.getByTestId(/^row-(name|badge)$/).filter({ hasText: new RegExp(`^${escapeRegExp(name)}$`) }),
    });
  }
  /** Names of the rows in table order. */
  async names(): Promise<string[]> {
    return (await this.rows.getByTestId(/^row-(name|badge)$/).allTextContents()).map((s) => s.trim());
  }
  /** The texts of a row's cells. */
  async cells(name: string): Promise<string[]> {
    return (await this.row(name).getByRole('cell').allTextContents()).map((s) => s.trim());
  }
  get empty(): Locator {
    return this.table.getByRole('cell', { name: this.texts.empty, exact: true });
  }
  editButton(name: string): Locator {
    return this.row(name).getByRole('button', { name: this.ui.edit });
  }
  deleteButton(name: string): Locator {
    return this.row(name).getByRole('button', { name: this.ui.delete });
  }
  badge(name: string): Locator {
    return this.row(name).getByTestId('row-badge');
  }
  defaultTag(name: string, text: string = this.ui.defaultBadge): Locator {
    return this.row(name).getByText(text, { exact: true });
  }
  /** Opens the defaults menu of a row and picks an entry. */
  async chooseDefaultAction(name: string, label: string): Promise<void> {
    await this.row(name).getByRole('button', { name: this.ui.defaultsMenu }).click();
    await this.page.getByRole('menuitem', { name: label, exact: true }).click();
  }

  // ---- dialogs -------------------------------------------------------------------------------
  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }
  get confirmYes(): Locator {
    return this.dialog.getByRole('button', { name: t.common.yes, exact: true });
  }

  // ---- multi-select --------------------------------------------------------------------------
  get multiStart(): Locator {
    return this.page.getByRole('button', { name: t.ui.multiSelect.start, exact: true });
  }
  get multiEnd(): Locator {
    return this.page.getByRole('button', { name: t.ui.multiSelect.end, exact: true });
  }
  checkbox(name: string): Locator {
    return this.row(name).getByRole('checkbox');
  }
  /**
   * Clicks print of the codes and answers the first bytes of the PDF the print frame opened
   * (the browser's print dialog itself is a no-op in headless Chromium).
   */
  async printCodes(): Promise<string> {
    // Keep the blobs the app hands to the print frame (CSP forbids fetching blob: URLs back).
    await this.page.evaluate(() => {
      const w = window as unknown as { __blobs?: Map<string, Blob> };
      if (w.__blobs) return;
      const blobs = new Map<string, Blob>();
      w.__blobs = blobs;
      const create = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (obj: Blob | MediaSource) => {
        const url = create(obj);
        if (obj instanceof Blob) blobs.set(url, obj);
        return url;
      };
    });
    await this.page.getByRole('button', { name: t.ui.multiSelect.print, exact: true }).click();
    await this.page.getByTestId('pdf-print-frame').waitFor({ state: 'attached' });
    return this.page.evaluate(async () => {
      const el = document.querySelector<HTMLIFrameElement>('[data-testid="pdf-print-frame"]');
      const blob = el ? (window as unknown as { __blobs: Map<string, Blob> }).__blobs.get(el.src) : undefined;
      if (!blob) return `no PDF blob behind ${el?.src ?? 'no frame'}`;
      return `${blob.type} ${String.fromCharCode(...new Uint8Array(await blob.slice(0, 5).arrayBuffer()))}`;
    });
  }

  /** Clicks download of the codes and waits for the browser's download. */
  async downloadCodes(): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: t.ui.multiSelect.download, exact: true }).click(),
    ]);
    return download;
  }
}
