import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { iconv } from '@zaplecze/plugin-sdk';
import { crc16, splitFrames } from '../server/posnet';

/**
 * A POSNET online printer on loopback (docs/plugins.md, "Plugin: fiscal-printer"), written from
 * the protocol's public description: frames checked for their CRC (`ERR ?5` otherwise), text read
 * in Windows-1250, the receipt transaction's state (trinit -> trline* -> trnipset? -> trpayment* ->
 * trend, prncancel), its arithmetic (a line's value = price × quantity, payments = total = the
 * lines' sum), the 500-line cap and the VAT slots A-G (slot 6 inactive). Each finished receipt is
 * kept as a printout tests read back. Switches: a refusal for a command, silence, a dropped line.
 */

export interface EmulatorReceipt {
  lines: { name: string; slot: number; price: number; quantity: number; value: number }[];
  nip: string;
  total: number;
  payments: { type: number; amount: number }[];
  /** The receipt as printed, line by line. */
  printout: string[];
}

export interface PosnetEmulator {
  host: string;
  port: number;
  receipts: EmulatorReceipt[];
  /** Every frame received: the command and its raw bytes. */
  received: { command: string; bytes: Buffer }[];
  /** The next time `command` comes, answer `?code` instead of doing it. */
  refuseNext(command: string, code: number): void;
  /** Answer nothing to the next `n` commands. */
  silence(n?: number): void;
  /** Close the connection when `command` comes next. */
  dropOn(command: string): void;
  /** How many connections were open at once, at most (one transaction at a time per printer). */
  maxConnections: number;
  close(): Promise<void>;
}

const LETTERS = 'ABCDEFG';
const ACTIVE_SLOTS = 6;

function frame(body: string): Buffer {
  const bytes = iconv.encode(body, 'win1250');
  return Buffer.concat([Buffer.from([2]), bytes, Buffer.from(`#${crc16(bytes)}`, 'latin1'), Buffer.from([3])]);
}

export async function startPosnetEmulator(): Promise<PosnetEmulator> {
  const refusals = new Map<string, number>();
  let silent = 0;
  let dropCommand: string | null = null;
  let open = 0;
  const state: {
    tx: Omit<EmulatorReceipt, 'printout' | 'total'> | null;
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
        return { params: ['ds0', `tl${state.tx ? 1 : 0}`] };
      case 'trinit':
        if (state.tx) return { error: 1951 };
        state.tx = { lines: [], nip: '', payments: [] };
        return {};
      case 'trline': {
        if (!state.tx) return { error: 1950 };
        if (state.tx.lines.length >= 500) return { error: 400 };
        const name = p.get('na') ?? '';
        const slot = int('vt');
        const price = int('pr');
        const quantity = Number((p.get('il') ?? '1').replace(',', '.'));
        if (!name) return { error: 2 };
        if (!Number.isInteger(slot) || slot < 0 || slot >= ACTIVE_SLOTS) return { error: 323 };
        if (!Number.isFinite(price) || price < 0) return { error: 352 };
        if (!Number.isFinite(quantity) || quantity <= 0) return { error: 351 };
        const value = p.has('wa') ? int('wa') : Math.round(price * quantity);
        if (value !== Math.round(price * quantity)) return { error: 350 };
        state.tx.lines.push({ name, slot, price, quantity, value });
        return {};
      }
      case 'trnipset':
        if (!state.tx) return { error: 1950 };
        if (!/^\d{10}$/.test(p.get('ni') ?? '')) return { error: 400 };
        state.tx.nip = p.get('ni')!;
        return {};
      case 'trpayment':
        if (!state.tx) return { error: 1950 };
        if (!Number.isInteger(int('wa'))) return { error: 3 };
        state.tx.payments.push({ type: int('ty') || 0, amount: int('wa') });
        return {};
      case 'trend': {
        if (!state.tx) return { error: 1950 };
        const total = state.tx.lines.reduce((s, l) => s + l.value, 0);
        const paid = state.tx.payments.reduce((s, x) => s + x.amount, 0);
        if (int('to') !== total) return { error: 350 };
        if (paid < total || (p.has('fp') && int('fp') !== paid)) return { error: 1952 };
        const tx = state.tx;
        const money = (g: number) => `${Math.trunc(g / 100)},${String(g % 100).padStart(2, '0')}`;
        receipts.push({
          ...tx,
          total,
          printout: [
            'PARAGON FISKALNY',
            ...(tx.nip ? [`NIP nabywcy: ${tx.nip}`] : []),
            ...tx.lines.map((l) => `${l.name} ${l.quantity} x ${money(l.price)} ${money(l.value)} ${LETTERS[l.slot]}`),
            `SUMA PLN ${money(total)}`,
          ],
        });
        state.tx = null;
        return {};
      }
      case 'prncancel':
      case 'trcancel':
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
    maxConnections: 0,
    refuseNext: (command, code) => void refusals.set(command, code),
    silence: (n = 1) => void (silent += n),
    dropOn: (command) => void (dropCommand = command),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = net.createServer((socket) => {
    open++;
    emulator.maxConnections = Math.max(emulator.maxConnections, open);
    socket.on('close', () => open--);
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
        received.push({ command, bytes: Buffer.from(f) });
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
          if (field.length >= 2) params.set(field.slice(0, 2), field.slice(2));
        const out = execute(command, params);
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
