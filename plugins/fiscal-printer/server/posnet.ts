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

/** The printer's error numbers as Polish messages (the ones a seller meets; others by number). */
const ERRORS: Record<number, string> = {
  1: 'drukarka nie zna polecenia',
  2: 'brak wymaganego pola',
  3: 'błąd konwersji pola',
  5: 'błędna suma kontrolna ramki',
  10: 'zła długość pola',
  11: 'bufor odbiorczy drukarki jest pełny',
  14: 'kolejka poleceń drukarki jest pełna',
  30: 'operacja przerwana przez użytkownika',
  41: 'drukarka jest zajęta przez inne połączenie',
  50: 'brak papieru',
  323: 'niedozwolona stawka VAT (nieaktywna stawka na drukarce)',
  350: 'zła wartość pozycji paragonu',
  351: 'zła ilość',
  352: 'zła kwota',
  353: 'nazwa towaru jest zablokowana dla tej stawki VAT (baza towarowa drukarki)',
  382: 'przed sprzedażą trzeba wykonać raport dobowy',
  400: 'zła wartość pola',
  1950: 'transakcja nie została rozpoczęta',
  1951: 'transakcja jest już rozpoczęta',
  1952: 'suma płatności nie zgadza się z wartością paragonu',
};

export function posnetMessage(command: string, error: number): string {
  const text = ERRORS[error] ?? 'błąd drukarki';
  return `Drukarka fiskalna (${command}): ${text} (kod ${error}).`;
}

/** A refusal or failure of the printer, in Polish. `retry`: the printer could not be reached or answered. */
export class PosnetError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly unreachable = false,
  ) {
    super(message);
    this.name = 'PosnetError';
  }
}

/**
 * One TCP connection to a printer: `send` writes a command and waits for its answer (one at a
 * time: the protocol answers in order), with a time limit per answer.
 */
export class PosnetConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (f: PosnetFrame) => void; reject: (e: Error) => void } | null = null;
  private closedError: Error | null = null;

  private constructor(
    private readonly socket: TcpSocket,
    private readonly timeoutMs: number,
  ) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const fail = (err: Error) => {
      this.closedError = err;
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
        resolve(new PosnetConnection(socket, timeoutMs));
      });
      socket.once('error', (e) => {
        clearTimeout(timer);
        reject(new PosnetError(`Nie można połączyć się z drukarką ${host}:${port} (${e.message}).`, null, true));
      });
    });
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
    if (this.closedError) throw this.closedError;
    const answer = await new Promise<PosnetFrame>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new PosnetError(`Drukarka nie odpowiedziała na polecenie ${command}.`, null, true));
      }, this.timeoutMs);
      this.waiting = {
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      this.socket.write(encodeFrame(command, params));
    });
    if (answer.error !== null) throw new PosnetError(posnetMessage(command, answer.error), answer.error);
    return answer.params;
  }

  close(): void {
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
  /** 0 cash, 2 card, 8 transfer, 6 other (POSNET `trpayment ty`). */
  paymentType: number;
}

/** The commands of a receipt, in order (docs/plugins.md, "Plugin: fiscal-printer"). */
export function receiptCommands(r: Receipt): { command: string; params: PosnetParams }[] {
  const total = r.lines.reduce((s, l) => s + l.gross, 0);
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
      params: [
        ['ty', r.paymentType],
        ['wa', total],
        ['re', 0],
      ],
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
 * (`prncancel`) so the printer is free again, and the refusal is thrown.
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
