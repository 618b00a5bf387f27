import { iconv, tcpConnect, type TcpSocket } from '@zaplecze/plugin-sdk';

/**
 * The POSNET protocol of online fiscal printers over TCP (docs/plugins.md, "Plugin: fiscal-printer";
 * the rules we rely on are written there): frames `STX command TAB {param TAB}* #CRC ETX`, text in
 * Windows-1250, CRC-16/XMODEM over the bytes between STX and '#', one command at a time.
 */

const STX = 0x02;
const ETX = 0x03;
const HASH = 0x23;

/** CRC-16/XMODEM (poly 0x1021, init 0, no reflection), as 4 upper-case hex digits. */
export function crc16(bytes: Uint8Array): string {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A command's parameters: two-letter mnemonic -> value (amounts in grosze, as integers). */
export type PosnetParams = readonly (readonly [string, string | number])[];

/** A value without the characters that frame the protocol (TAB, line ends, STX, ETX): spaces instead. */
function clean(v: string): string {
  let out = '';
  for (const ch of v) out += ch === '\t' || ch === '\r' || ch === '\n' || ch === '\u0002' || ch === '\u0003' ? ' ' : ch;
  return out;
}

/** The frame of a command, its text in Windows-1250. */
export function encodeFrame(command: string, params: PosnetParams = []): Buffer {
  const body = iconv.encode(`${command}\t${params.map(([k, v]) => `${k}${clean(String(v))}\t`).join('')}`, 'win1250');
  return Buffer.concat([Buffer.from([STX]), body, Buffer.from(`#${crc16(body)}`, 'latin1'), Buffer.from([ETX])]);
}

/** An answer or a command as read: the command, its parameters, and the error number when it is one. */
export interface PosnetFrame {
  command: string;
  params: Map<string, string>;
  /** `?nnnn` of a refused command, or of a frame error (`command` 'ERR'); null when it succeeded. */
  error: number | null;
}

export class PosnetFrameError extends Error {}

/** Reads one frame (without STX and ETX); throws PosnetFrameError when its CRC does not match. */
export function decodeFrame(inner: Buffer): PosnetFrame {
  const hash = inner.lastIndexOf(HASH);
  if (hash < 0) throw new PosnetFrameError('no checksum');
  const body = inner.subarray(0, hash);
  const sent = inner.subarray(hash + 1).toString('latin1');
  if (sent.toUpperCase() !== crc16(body)) throw new PosnetFrameError('bad checksum');
  const fields = iconv.decode(body, 'win1250').split('\t');
  const command = fields.shift() ?? '';
  const params = new Map<string, string>();
  let error: number | null = null;
  for (const f of fields) {
    if (f === '') continue;
    if (f.startsWith('?')) error = Number(f.slice(1));
    else if (!f.startsWith('@')) params.set(f.slice(0, 2), f.slice(2));
  }
  return { command, params, error };
}

/** Splits a byte stream into frames: answers the complete ones and the bytes left over. */
export function splitFrames(buffer: Buffer): { frames: Buffer[]; rest: Buffer } {
  const frames: Buffer[] = [];
  let start = buffer.indexOf(STX);
  while (start >= 0) {
    const end = buffer.indexOf(ETX, start + 1);
    if (end < 0) break;
    frames.push(buffer.subarray(start + 1, end));
    start = buffer.indexOf(STX, end + 1);
  }
  return { frames, rest: start >= 0 ? buffer.subarray(start) : Buffer.alloc(0) };
}

/**
 * The printer's error numbers a seller may meet, in Polish (the specification's last chapter:
 * 1-15 frame errors, from 30 on the commands' errors); any other is named by its number.
 */
const ERRORS: Record<number, string> = {
  1: 'drukarka nie zna polecenia',
  2: 'brak wymaganego pola polecenia',
  3: 'błąd konwersji pola (np. kwota z przecinkiem albo poza zakresem)',
  4: 'błędny token ramki',
  5: 'błędna suma kontrolna ramki',
  6: 'błąd budowy ramki (brak nazwy parametru)',
  10: 'niewłaściwa długość pola',
  11: 'bufor odbiorczy drukarki jest pełny',
  12: 'tego polecenia nie można wykonać w trybie natychmiastowym',
  13: 'nie znaleziono polecenia o podanym tokenie',
  14: 'kolejka poleceń drukarki jest pełna',
  15: 'ramka bez sumy kontrolnej',
  30: 'operacja przerwana (rezygnacja na drukarce)',
  40: 'polecenie niedozwolone dla tego interfejsu drukarki',
  41: 'drukarka jest zajęta przez inne połączenie (inny interfejs); spróbuj za chwilę',
  50: 'błąd wykonania operacji przez drukarkę',
  51: 'błąd wykonania operacji przez drukarkę (pamięć fiskalna)',
  52: 'błąd wykonania operacji przez drukarkę (baza danych)',
  53: 'błąd wykonania operacji przez drukarkę (sprzedaż)',
  54: 'błąd wykonania operacji przez drukarkę (obsługa)',
  55: 'błąd wykonania operacji przez drukarkę (konfiguracja)',
  56: 'błąd wykonania operacji przez drukarkę (komunikacja)',
  323: 'funkcja zablokowana w konfiguracji drukarki',
  382: 'próba wykonania zerowego raportu dobowego',
  383: 'brak raportu dobowego: wykonaj raport dobowy na drukarce',
  387: 'sprzedaż zablokowana: brak miejsca w pamięci drukarki',
  388: 'operacja zablokowana: brak miejsca w pamięci drukarki',
  400: 'błędna wartość pola',
  460: 'błąd zegara drukarki',
  484: 'minął czas pracy drukarki, sprzedaż zablokowana (potrzebny kod autoryzacyjny)',
  488: 'subskrypcja drukarki wygasła, sprzedaż zablokowana',
  499: 'na drukarce jest włączony protokół Thermal: przełącz ją na protokół POSNET',
  1950: 'przekroczony zakres totalizerów paragonu',
  1951: 'wpłata formą płatności przekracza maksymalną wpłatę',
  1952: 'suma form płatności przekracza maksymalną wpłatę',
  1953: 'formy płatności pokrywają już kwotę do zapłaty',
  1956: 'przekroczony zakres kwoty paragonu',
  1957: 'przekroczona maksymalna wartość paragonu',
  1962: 'wpłata formą płatności o wartości 0',
  1992: 'brak pozycji na paragonie',
  2000: 'błędna stawka VAT pozycji: zły numer stawki albo stawka nieaktywna na drukarce',
  2001: 'ilość niecałkowita',
  2004: 'drukarka nie ma aktywnych stawek VAT',
  2005: 'paragon nie został rozpoczęty (drukarka nie jest w trybie transakcji)',
  2006: 'błędna cena pozycji (musi być większa od zera)',
  2007: 'błędna ilość pozycji (musi być większa od zera)',
  2008: 'suma paragonu nie zgadza się z drukarką',
  2009: 'suma paragonu jest równa zero',
  2010: 'przekroczony zakres totalizerów dobowych',
  2031: 'błędny NIP nabywcy',
  2036: 'drukarka jest w stanie tylko do odczytu',
  2038: 'na drukarce jest już rozpoczęty inny paragon',
  2041: 'nie można zakończyć paragonu o wartości 0',
  2052: 'brak pamięci na paragon (za dużo pozycji)',
  2054: 'płatności nie pokrywają kwoty do zapłaty',
  2056: 'pusty tekst (np. nazwa towaru)',
  2060: 'błędny stan transakcji',
  2096: 'błędna długość NIP nabywcy: wymagane dokładnie 10 cyfr',
  2101: 'baza towarowa drukarki jest pełna',
  2102: 'stawka VAT towaru jest nieaktywna (baza towarowa drukarki)',
  2103: 'nieprawidłowa stawka VAT towaru (baza towarowa drukarki)',
  2104: 'błędna nazwa towaru (baza towarowa drukarki)',
  2105: 'ten towar był sprzedany na tej drukarce z inną stawką VAT (baza towarowa drukarki): zmień nazwę albo stawkę',
  2106: 'towar zablokowany w bazie towarowej drukarki',
};

export function posnetMessage(command: string, error: number): string {
  const text = ERRORS[error] ?? 'błąd drukarki';
  return `Drukarka fiskalna (${command}): ${text} (kod ${error}).`;
}

/**
 * A refusal or failure of the printer, in Polish. `code`: the printer's error number of a refusal.
 * `unreachable`: the printer could not be reached, did not answer or dropped the connection.
 * `command`: the command it failed on; `written`: that command had gone out to the printer (so a
 * `trend` written without an answer may have ended the receipt).
 */
export class PosnetError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly unreachable = false,
    readonly command: string | null = null,
    readonly written = false,
  ) {
    super(message);
    this.name = 'PosnetError';
  }
}

/**
 * One TCP connection to a printer: `send` writes a command and waits for its answer (one at a
 * time: the protocol answers in order), with a time limit per answer. A command left without an
 * answer closes the connection: a late answer must never be read as the next command's.
 */
export class PosnetConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (f: PosnetFrame) => void; reject: (e: Error) => void } | null = null;
  private closedError: PosnetError | null = null;

  private constructor(
    private readonly socket: TcpSocket,
    private readonly timeoutMs: number,
  ) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const fail = (err: PosnetError) => {
      this.closedError ??= err;
      this.waiting?.reject(err);
      this.waiting = null;
    };
    socket.on('error', (e) => fail(new PosnetError(`Połączenie z drukarką przerwane: ${e.message}.`, null, true)));
    socket.on('close', () => fail(new PosnetError('Drukarka zamknęła połączenie.', null, true)));
  }

  static connect(host: string, port: number, timeoutMs = 10_000): Promise<PosnetConnection> {
    return new Promise((resolve, reject) => {
      const socket = tcpConnect({ host, port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new PosnetError(`Drukarka ${host}:${port} nie odpowiada (brak połączenia).`, null, true));
      }, timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.setNoDelay(true);
        resolve(new PosnetConnection(socket, timeoutMs));
      });
      socket.once('error', (e) => {
        clearTimeout(timer);
        reject(new PosnetError(`Nie można połączyć się z drukarką ${host}:${port} (${e.message}).`, null, true));
      });
    });
  }

  /** Whether the connection can still carry commands. */
  get usable(): boolean {
    return this.closedError === null;
  }

  private onData(chunk: Buffer) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const { frames, rest } = splitFrames(this.buffer);
    this.buffer = rest;
    for (const f of frames) {
      const w = this.waiting;
      this.waiting = null;
      try {
        w?.resolve(decodeFrame(f));
      } catch (err) {
        w?.reject(new PosnetError(`Drukarka przysłała uszkodzoną odpowiedź (${(err as Error).message}).`, null, true));
      }
    }
  }

  /** Sends a command; answers its parameters, or throws PosnetError with the printer's reason. */
  async send(command: string, params: PosnetParams = []): Promise<Map<string, string>> {
    if (this.closedError) throw new PosnetError(this.closedError.message, null, true, command, false);
    const answer = await new Promise<PosnetFrame>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        const err = new PosnetError(`Drukarka nie odpowiedziała na polecenie ${command}.`, null, true, command, true);
        this.closedError = err;
        this.socket.destroy();
        reject(err);
      }, this.timeoutMs);
      this.waiting = {
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(new PosnetError(e.message, null, true, command, true));
        },
      };
      this.socket.write(encodeFrame(command, params));
    });
    if (answer.command !== command && answer.command !== 'ERR') {
      const err = new PosnetError(
        `Drukarka odpowiedziała na inne polecenie (${answer.command} zamiast ${command}).`,
        null,
        true,
        command,
        true,
      );
      this.closedError = err;
      this.socket.destroy();
      throw err;
    }
    if (answer.error !== null)
      throw new PosnetError(posnetMessage(command, answer.error), answer.error, false, command, true);
    return answer.params;
  }

  close(): void {
    this.closedError ??= new PosnetError('Połączenie z drukarką zostało zamknięte.', null, true);
    this.socket.end();
    this.socket.destroy();
  }
}

/** A receipt's line: name, quantity, gross unit price and value in grosze, the printer's VAT slot (0-6 = A-G). */
export interface ReceiptLine {
  name: string;
  quantity: number;
  unitGross: number;
  gross: number;
  vatSlot: number;
}

export interface Receipt {
  lines: readonly ReceiptLine[];
  /** The buyer's NIP printed on the receipt (digits), '' for none. */
  nip: string;
  /** 0 cash, 2 card, 3 cheque, 4 voucher (bon), 5 credit, 6 other, 7 voucher, 8 transfer (POSNET `trpayment ty`). */
  paymentType: number;
  /** The payment's name printed with type 6 'other' (up to 25 characters). */
  paymentName?: string;
}

/** The commands of a receipt, in order (docs/plugins.md, "Plugin: fiscal-printer"). */
export function receiptCommands(r: Receipt): { command: string; params: PosnetParams }[] {
  const total = r.lines.reduce((s, l) => s + l.gross, 0);
  const name = r.paymentType === 6 && r.paymentName ? r.paymentName.replace(/\s+/g, ' ').trim().slice(0, 25) : '';
  return [
    { command: 'trinit', params: [['bm', 0]] },
    ...r.lines.map((l) => ({
      command: 'trline',
      params: [
        ['na', l.name.replace(/\s+/g, ' ').trim().slice(0, 80) || 'Towar'],
        ['vt', l.vatSlot],
        ['pr', l.unitGross],
        ['il', l.quantity],
        ['wa', l.gross],
      ] as PosnetParams,
    })),
    ...(r.nip ? [{ command: 'trnipset', params: [['ni', r.nip]] as PosnetParams }] : []),
    {
      command: 'trpayment',
      params: [['ty', r.paymentType], ['wa', total], ...(name ? [['na', name] as const] : []), ['re', 0]],
    },
    {
      command: 'trend',
      params: [
        ['to', total],
        ['fp', total],
      ],
    },
  ];
}

/**
 * Prints a receipt on one connection; on a refusal in the middle the transaction is cancelled
 * (`prncancel`) so the printer is free again, and the refusal is thrown. A PosnetError with
 * `command` 'trend', `written` and `unreachable` means the receipt may have been printed.
 */
export async function printReceipt(conn: PosnetConnection, r: Receipt): Promise<void> {
  let started = false;
  try {
    for (const c of receiptCommands(r)) {
      await conn.send(c.command, c.params);
      if (c.command === 'trinit') started = true;
    }
  } catch (err) {
    if (started && err instanceof PosnetError && !err.unreachable) await conn.send('prncancel').catch(() => undefined);
    throw err;
  }
}

// ---- the printer's state ---------------------------------------------------------------------

/** `sdev`: the device state (0 ready, 1 menu, 2 waiting for a key, 3 waiting after an error) and who holds a transaction (0 nobody, 1 PC1, 2 PC2, 3 the device itself). */
export async function readDevice(conn: PosnetConnection): Promise<{ state: number; transaction: number }> {
  const a = await conn.send('sdev');
  return { state: Number(a.get('ds') ?? 0), transaction: Number(a.get('tl') ?? 0) };
}

/** `scnt`: the count of receipts the printer ended correctly (`bn`) and the number of the last one (`bt`). */
export async function readCounters(conn: PosnetConnection): Promise<{ receipts: number; lastReceipt: number | null }> {
  const a = await conn.send('scnt');
  const receipts = Number(a.get('bn'));
  if (!Number.isInteger(receipts))
    throw new PosnetError('Drukarka nie podała licznika paragonów (scnt).', null, false, 'scnt', true);
  const bt = a.get('bt');
  return { receipts, lastReceipt: bt !== undefined && /^\d+$/.test(bt) ? Number(bt) : null };
}

/** `sid`: the model and the firmware's version. */
export async function readIdentity(conn: PosnetConnection): Promise<{ model: string; version: string }> {
  const a = await conn.send('sid');
  return { model: (a.get('nm') ?? '').trim(), version: (a.get('vr') ?? '').trim() };
}

/** One of `vatget`'s values: '23,00' -> 23, '100,00' -> 'zw' (exempt), '101,00' -> null (inactive). */
export function parsePrinterRate(text: string | undefined): number | 'zw' | null {
  if (text === undefined) return null;
  const n = Number(text.trim().replace(',', '.'));
  if (!Number.isFinite(n) || n > 100.5) return null;
  if (n >= 99.995) return 'zw';
  return Math.round(n * 100) / 100;
}

/** `vatget`: the rates of the slots A-G as programmed on the printer. */
export async function readRates(conn: PosnetConnection): Promise<(number | 'zw' | null)[]> {
  const a = await conn.send('vatget');
  return ['va', 'vb', 'vc', 'vd', 've', 'vf', 'vg'].map((k) => parsePrinterRate(a.get(k)));
}

/** `sprn`: the print mechanism (0 fine; 1 or 3 cover open, 5 no paper, ...), in Polish; null when fine. */
export async function readMechanism(conn: PosnetConnection): Promise<string | null> {
  const a = await conn.send('sprn');
  const pr = Number(a.get('pr') ?? 0);
  const names: Record<number, string> = {
    1: 'podniesiona dźwignia albo otwarta pokrywa',
    2: 'brak dostępu do mechanizmu drukującego',
    3: 'podniesiona pokrywa',
    5: 'brak papieru',
    6: 'nieodpowiednia temperatura albo zasilanie',
    7: 'chwilowy zanik zasilania',
    8: 'błąd obcinacza papieru',
    9: 'błąd zasilacza',
    10: 'podniesiona pokrywa przy obcinaniu',
  };
  return pr === 0 ? null : (names[pr] ?? `błąd mechanizmu drukującego (${pr})`);
}
