import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { iconv } from '@zaplecze/plugin-sdk';
import { crc16, splitFrames } from '../server/posnet';

/**
 * A POSNET online printer on loopback (docs/plugins.md, "Plugin: fiscal-printer"), written from
 * the protocol's public description: frames checked for their CRC (`ERR ?5` otherwise), text read
 * in Windows-1250, the receipt transaction's state (trinit -> trline* -> trnipset? -> trpayment* ->
 * trend, prncancel), its arithmetic (a line's value = price × quantity, payments = total = the
 * lines' sum), the 500-line cap, the VAT slots A-G with their programmed rates (`vatget`; an
 * inactive slot refuses a line), the product database (a name sold at one rate is refused at
 * another), the counters (`scnt`: receipts ended, cancelled, the last number), the device state
 * (`sdev`, `sprn`) and `sid`. The transaction lives in the printer, not in a connection: a dropped
 * connection leaves it open until `prncancel`. Each finished receipt is kept as a printout tests
 * read back. Switches: a refusal for a command, silence, a connection dropped before or after a
 * command is done, the device state.
 */

export interface EmulatorReceipt {
  lines: { name: string; slot: number; price: number; quantity: number; value: number }[];
  nip: string;
  total: number;
  payments: { type: number; amount: number; name: string }[];
  /** The printer's number of the receipt (`scnt bt` once it ended). */
  number: number;
  /** The receipt as printed, line by line. */
  printout: string[];
}

export interface PosnetEmulator {
  host: string;
  port: number;
  receipts: EmulatorReceipt[];
  /** Every frame received: the command, its raw bytes and the connection's number (1, 2, ... in accept order). */
  received: { command: string; bytes: Buffer; connection: number }[];
  /** The rates of slots A-G as `vatget` answers them ('23,00'; '100,00' exempt; '101,00' inactive). */
  rates: string[];
  /** Transactions cancelled (`scnt bc`). */
  cancelled: number;
  /** `sdev ds`: 0 ready, 1 menu, 2 waiting for a key, 3 waiting after an error. */
  deviceState: number;
  /** `sprn pr`: 0 fine, 5 no paper, ... */
  mechanism: number;
  /** Whether a transaction is open now. */
  readonly inTransaction: boolean;
  /** The next time `command` comes, answer `?code` instead of doing it. */
  refuseNext(command: string, code: number): void;
  /** Answer nothing to the next `n` commands (0: answer again). */
  silence(n?: number): void;
  /** Close the connection when `command` comes next, without doing it. */
  dropOn(command: string): void;
  /** Do `command` when it comes next, then close the connection without answering (the answer is lost). */
  dropAfter(command: string): void;
  /** Receipts ended by someone else at the printer (the counter moves, no printout of ours). */
  sellElsewhere(n?: number): void;
  /** How many connections were open at once, at most (one transaction at a time per printer). */
  maxConnections: number;
  /** Connections accepted so far. */
  connections: number;
  close(): Promise<void>;
}

const LETTERS = 'ABCDEFG';
/** A Polish printer as usually programmed: A 23 %, B 8 %, C 5 %, D 0 %, E exempt, F and G inactive. */
export const EMULATOR_RATES = ['23,00', '8,00', '5,00', '0,00', '100,00', '101,00', '101,00'];

function frame(body: string): Buffer {
  const bytes = iconv.encode(body, 'win1250');
  return Buffer.concat([Buffer.from([2]), bytes, Buffer.from(`#${crc16(bytes)}`, 'latin1'), Buffer.from([3])]);
}

/** The product database compares names on their letters and digits only. */
const nameKey = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

export async function startPosnetEmulator(): Promise<PosnetEmulator> {
  const refusals = new Map<string, number>();
  let silent = 0;
  let dropCommand: string | null = null;
  let dropAfterCommand: string | null = null;
  let open = 0;
  let ended = 0;
  let lastNumber = 0;
  const products = new Map<string, number>();
  const state: {
    tx: Omit<EmulatorReceipt, 'printout' | 'total' | 'number'> | null;
  } = { tx: null };

  function execute(command: string, p: Map<string, string>): { params?: string[]; error?: number } {
    const refusal = refusals.get(command);
    if (refusal !== undefined) {
      refusals.delete(command);
      return { error: refusal };
    }
    const int = (k: string) => (p.has(k) && /^-?\d+$/.test(p.get(k)!) ? Number(p.get(k)) : NaN);
    switch (command) {
      case 'sdev':
      case '!sdev':
        return { params: [`ds${emulator.deviceState}`, 'qe1', 'pe0', `tl${state.tx ? 1 : 0}`] };
      case 'sprn':
      case '!sprn':
        return { params: [`pr${emulator.mechanism}`] };
      case 'scnt':
        return {
          params: [
            'rd1',
            'hn1',
            `bn${ended}`,
            'fn0',
            'nuABC12345678',
            `bc${emulator.cancelled}`,
            `bt${lastNumber}`,
            'fc0',
          ],
        };
      case 'sid':
        return { params: ['nmPOSNET THERMAL HD ONLINE (emulator)', 'vr2.01'] };
      case 'vatget':
        return { params: emulator.rates.map((r, i) => `v${'abcdefg'[i]}${r}`) };
      case 'trinit':
        if (state.tx) return { error: 2038 };
        if (emulator.deviceState !== 0) return { error: 50 };
        state.tx = { lines: [], nip: '', payments: [] };
        return {};
      case 'trline': {
        if (!state.tx) return { error: 2005 };
        if (state.tx.lines.length >= 500) return { error: 2052 };
        const name = p.get('na') ?? '';
        const slot = int('vt');
        const price = int('pr');
        const quantity = Number((p.get('il') ?? '1').replace(',', '.'));
        if (!p.has('na')) return { error: 2 };
        if (name.trim() === '') return { error: 2056 };
        if (!Number.isInteger(slot) || slot < 0 || slot > 6 || Number(emulator.rates[slot]!.replace(',', '.')) > 100)
          return { error: 2000 };
        if (!Number.isFinite(price)) return { error: 3 };
        if (price <= 0) return { error: 2006 };
        if (!Number.isFinite(quantity) || quantity <= 0) return { error: 2007 };
        const value = p.has('wa') ? int('wa') : Math.round(price * quantity);
        if (value !== Math.round(price * quantity)) return { error: 400 };
        const known = products.get(nameKey(name));
        if (known !== undefined && known !== slot) return { error: 2105 };
        products.set(nameKey(name), slot);
        state.tx.lines.push({ name, slot, price, quantity, value });
        return {};
      }
      case 'trnipset':
        if (!state.tx) return { error: 2005 };
        if (!/^\d{10}$/.test(p.get('ni') ?? '')) return { error: 2096 };
        state.tx.nip = p.get('ni')!;
        return {};
      case 'trpayment':
        if (!state.tx) return { error: 2005 };
        if (!Number.isInteger(int('wa'))) return { error: 3 };
        if (int('wa') === 0) return { error: 1962 };
        state.tx.payments.push({ type: int('ty') || 0, amount: int('wa'), name: p.get('na') ?? '' });
        return {};
      case 'trend': {
        if (!state.tx) return { error: 2005 };
        const total = state.tx.lines.reduce((s, l) => s + l.value, 0);
        const paid = state.tx.payments.reduce((s, x) => s + x.amount, 0);
        if (state.tx.lines.length === 0) return { error: 1992 };
        if (int('to') !== total) return { error: 2008 };
        if (paid < total || (p.has('fp') && int('fp') !== paid)) return { error: 2054 };
        const tx = state.tx;
        const money = (g: number) => `${Math.trunc(g / 100)},${String(g % 100).padStart(2, '0')}`;
        ended++;
        lastNumber++;
        receipts.push({
          ...tx,
          total,
          number: lastNumber,
          printout: [
            'PARAGON FISKALNY',
            ...tx.lines.map((l) => `${l.name} ${l.quantity} x ${money(l.price)} ${money(l.value)} ${LETTERS[l.slot]}`),
            `SUMA PLN ${money(total)}`,
            ...tx.payments.map((x) => `${x.name || ['GOTÓWKA', '', 'KARTA'][x.type] || 'INNA'} ${money(x.amount)}`),
            ...(tx.nip ? [`NIP NABYWCY: ${tx.nip}`] : []),
            `nr: ${lastNumber}`,
          ],
        });
        state.tx = null;
        return {};
      }
      case 'prncancel':
      case 'trcancel':
        if (state.tx) emulator.cancelled++;
        state.tx = null;
        return {};
      default:
        return { error: 1 };
    }
  }

  const receipts: EmulatorReceipt[] = [];
  const received: PosnetEmulator['received'] = [];
  const emulator: PosnetEmulator = {
    host: '127.0.0.1',
    port: 0,
    receipts,
    received,
    rates: [...EMULATOR_RATES],
    cancelled: 0,
    deviceState: 0,
    mechanism: 0,
    get inTransaction() {
      return state.tx !== null;
    },
    maxConnections: 0,
    connections: 0,
    refuseNext: (command, code) => void refusals.set(command, code),
    silence: (n = 1) => void (silent = n),
    dropOn: (command) => void (dropCommand = command),
    dropAfter: (command) => void (dropAfterCommand = command),
    sellElsewhere: (n = 1) => {
      ended += n;
      lastNumber += n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };

  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    open++;
    const connection = ++emulator.connections;
    sockets.add(socket);
    emulator.maxConnections = Math.max(emulator.maxConnections, open);
    socket.on('close', () => {
      open--;
      sockets.delete(socket);
    });
    socket.on('error', () => undefined);
    let buffer: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const { frames, rest } = splitFrames(buffer);
      buffer = rest;
      for (const f of frames) {
        const hash = f.lastIndexOf(0x23);
        const body = hash >= 0 ? f.subarray(0, hash) : f;
        const text = iconv.decode(body, 'win1250');
        const command = text.split('\t')[0] ?? '';
        received.push({ command, bytes: Buffer.from(f), connection });
        if (hash < 0) {
          socket.write(frame('ERR\t?15\t'));
          continue;
        }
        if (f.subarray(hash + 1).toString('latin1') !== crc16(body)) {
          socket.write(frame(`ERR\t?5\tcm${command}\t`));
          continue;
        }
        if (dropCommand === command) {
          dropCommand = null;
          socket.destroy();
          return;
        }
        if (silent > 0) {
          silent--;
          continue;
        }
        const params = new Map<string, string>();
        for (const field of text.split('\t').slice(1))
          if (field.length >= 2 && !field.startsWith('@')) params.set(field.slice(0, 2), field.slice(2));
        const out = execute(command, params);
        if (dropAfterCommand === command) {
          dropAfterCommand = null;
          socket.destroy();
          return;
        }
        socket.write(
          frame(
            out.error !== undefined
              ? `${command}\t?${out.error}\t`
              : `${command}\t${(out.params ?? []).map((x) => `${x}\t`).join('')}`,
          ),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  emulator.port = (server.address() as AddressInfo).port;
  return emulator;
}
