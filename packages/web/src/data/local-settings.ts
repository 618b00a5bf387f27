/**
 * Settings kept in the browser, per user and per device (docs/rules/platform-rules.md §3 "Local stored settings",
 * §9; docs/rules/catalogue-and-orders-rules.md §9): skip autoloading on first view, print formats and the barcode
 * reader's actions. Keys carry the user's login, so another user of the same browser has their
 * own. Readers and printing read them through the typed getters below; an unset print setting
 * reads as undefined ("Brak ustawień wydruków!" is theirs to show).
 */

export const PRINT_FORMATS = ['A4', 'A6'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];
export const BOL_OVERSIZE_MODES = ['RESIZE', 'PRINT_A4'] as const;
export type BolOversizeMode = (typeof BOL_OVERSIZE_MODES)[number];
export const READER_INVOICE_ACTIONS = ['NONE', 'ONLY_NUMBER', 'EMAIL', 'PRINT', 'PDF'] as const;
export type ReaderInvoiceAction = (typeof READER_INVOICE_ACTIONS)[number];
export const READER_BOL_ACTIONS = ['NONE', 'ONLY_SEND', 'PRINT', 'PDF'] as const;
export type ReaderBolAction = (typeof READER_BOL_ACTIONS)[number];

/** The local keys (after the per-user prefix). */
export const LOCAL_KEYS = {
  skipAutoload: 'settings.skipAutoload',
  labelFormat: 'print.label.format',
  bolFormat: 'print.bol.format',
  bolOversize: 'print.bol.oversize',
  readerInvoiceAction: 'reader.invoice.action',
  readerBolAction: 'reader.bol.action',
} as const;

/** Formats for printing labels and bills of lading (docs/rules/catalogue-and-orders-rules.md §9). */
export interface PrintSettings {
  labelFormat: PrintFormat;
  bolFormat: PrintFormat;
  bolOversize: BolOversizeMode;
}

/** What the order barcode reader does after a scan (docs/rules/catalogue-and-orders-rules.md §2.17, §9). */
export interface ReaderSettings {
  invoiceAction: ReaderInvoiceAction;
  bolAction: ReaderBolAction;
}

/** All five print selects of the settings screen; a missing one is not set yet. */
export type PrintSettingsDraft = Partial<PrintSettings & ReaderSettings>;

/** The storage key of one setting of one user: `zaplecze:{login}:{key}`. */
export function userStorageKey(login: string, key: string): string {
  return `zaplecze:${login.toLowerCase()}:${key}`;
}

function storage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

/** Reads one per-user value; undefined when unset or when storage is unavailable. */
export function readLocal(login: string, key: string): string | undefined {
  try {
    return storage()?.getItem(userStorageKey(login, key)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Writes one per-user value; undefined removes it. Storage failures are ignored (nothing to save to). */
export function writeLocal(login: string, key: string, value: string | undefined): void {
  try {
    const s = storage();
    if (value === undefined) s?.removeItem(userStorageKey(login, key));
    else s?.setItem(userStorageKey(login, key), value);
  } catch {
    // private mode or full storage: the setting lasts until the page closes
  }
}

function readEnum<T extends string>(login: string, key: string, allowed: readonly T[]): T | undefined {
  const v = readLocal(login, key);
  return (allowed as readonly string[]).includes(v ?? '') ? (v as T) : undefined;
}

/** Skip autoloading lists on their first view (stored as '1' or '0'). */
export function getSkipAutoload(login: string): boolean {
  return readLocal(login, LOCAL_KEYS.skipAutoload) === '1';
}

export function setSkipAutoload(login: string, skip: boolean): void {
  writeLocal(login, LOCAL_KEYS.skipAutoload, skip ? '1' : '0');
}

/** The five print selects as stored (unset ones missing). */
export function getPrintSettingsDraft(login: string): PrintSettingsDraft {
  const draft: PrintSettingsDraft = {
    labelFormat: readEnum(login, LOCAL_KEYS.labelFormat, PRINT_FORMATS),
    bolFormat: readEnum(login, LOCAL_KEYS.bolFormat, PRINT_FORMATS),
    bolOversize: readEnum(login, LOCAL_KEYS.bolOversize, BOL_OVERSIZE_MODES),
    invoiceAction: readEnum(login, LOCAL_KEYS.readerInvoiceAction, READER_INVOICE_ACTIONS),
    bolAction: readEnum(login, LOCAL_KEYS.readerBolAction, READER_BOL_ACTIONS),
  };
  return Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined)) as PrintSettingsDraft;
}

/** Stores the five print selects; an unset one is removed. */
export function savePrintSettingsDraft(login: string, draft: PrintSettingsDraft): void {
  writeLocal(login, LOCAL_KEYS.labelFormat, draft.labelFormat);
  writeLocal(login, LOCAL_KEYS.bolFormat, draft.bolFormat);
  writeLocal(login, LOCAL_KEYS.bolOversize, draft.bolOversize);
  writeLocal(login, LOCAL_KEYS.readerInvoiceAction, draft.invoiceAction);
  writeLocal(login, LOCAL_KEYS.readerBolAction, draft.bolAction);
}

/** Label and bill-of-lading formats, or undefined until all three are saved. */
export function getPrintSettings(login: string): PrintSettings | undefined {
  const d = getPrintSettingsDraft(login);
  return d.labelFormat && d.bolFormat && d.bolOversize
    ? { labelFormat: d.labelFormat, bolFormat: d.bolFormat, bolOversize: d.bolOversize }
    : undefined;
}

/** The reader's invoice and bill-of-lading actions, or undefined until both are saved. */
export function getReaderSettings(login: string): ReaderSettings | undefined {
  const d = getPrintSettingsDraft(login);
  return d.invoiceAction && d.bolAction ? { invoiceAction: d.invoiceAction, bolAction: d.bolAction } : undefined;
}
