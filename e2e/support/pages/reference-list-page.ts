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
 * edit, delete and the defaults menu, multi-select with reader codes (docs/rules/catalogue-and-orders-rules.md §2.12).
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
   * Clicks print of the codes and answers what the print frame holds (type and first bytes of the
   * PDF) and how many times the print dialog was asked for on it. Waits for that call, so a print
   * that breaks the page shows up here and not as a race with the next steps.
   */
  async printCodes(): Promise<{ pdf: string; printDialogs: number }> {
    await this.page.evaluate(() => {
      const w = window as unknown as { __blobs?: Map<string, Blob>; __printed?: string[] };
      if (w.__blobs) return;
      // Keep the blobs the app hands to the print frame (CSP forbids fetching blob: URLs back).
      const blobs = new Map<string, Blob>();
      w.__blobs = blobs;
      const create = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (obj: Blob | MediaSource) => {
        const url = create(obj);
        if (obj instanceof Blob) blobs.set(url, obj);
        return url;
      };
      // Count print() calls on the print frame's window (the dialog itself is a no-op headless).
      const printed: string[] = [];
      w.__printed = printed;
      const wrapped = new WeakSet<Window>();
      const desc = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow');
      const get = desc?.get;
      if (!get) return;
      Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
        configurable: true,
        get(this: HTMLIFrameElement) {
          const win = get.call(this) as Window | null;
          if (win && this.dataset.testid === 'pdf-print-frame' && !wrapped.has(win)) {
            wrapped.add(win);
            const print = win.print.bind(win);
            const src = this.src;
            win.print = () => {
              printed.push(src);
              print();
            };
          }
          return win;
        },
      });
    });
    await this.page.getByRole('button', { name: t.ui.multiSelect.print, exact: true }).click();
    const frame = this.page.getByTestId('pdf-print-frame');
    await frame.waitFor({ state: 'attached' });
    const src = await frame.evaluate((el) => (el as HTMLIFrameElement).src);
    await this.page.waitForFunction(
      (url) => (window as unknown as { __printed: string[] }).__printed.includes(url),
      src,
    );
    return this.page.evaluate(async (url) => {
      const w = window as unknown as { __blobs: Map<string, Blob>; __printed: string[] };
      const printDialogs = w.__printed.filter((u) => u === url).length;
      const blob = w.__blobs.get(url);
      if (!blob) return { pdf: `no PDF blob behind ${url}`, printDialogs };
      const head = String.fromCharCode(...new Uint8Array(await blob.slice(0, 5).arrayBuffer()));
      return { pdf: `${blob.type} ${head}`, printDialogs };
    }, src);
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
