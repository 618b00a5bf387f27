/**
 * The POSNET client against the emulator on loopback (plugins/fiscal-printer/test/posnet-emulator.ts):
 * frames with the protocol's CRC (its check values), Polish letters in Windows-1250, a receipt's
 * lines, NIP and total, the printer's error codes in Polish (the transaction cancelled after a
 * refusal), a bad checksum, a printer that does not answer and a dropped connection.
 */
import type { Socket } from 'node:net';
import { iconv } from '@zaplecze/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPosnetEmulator, type PosnetEmulator } from '../test/posnet-emulator';
import {
  crc16,
  decodeFrame,
  encodeFrame,
  PosnetConnection,
  PosnetError,
  printReceipt,
  splitFrames,
  type Receipt,
} from './posnet';

let printer: PosnetEmulator;
beforeAll(async () => {
  printer = await startPosnetEmulator();
});
afterAll(() => printer?.close());

const RECEIPT: Receipt = {
  lines: [
    { name: 'Kawa ziarnista 1kg', quantity: 2, unitGross: 5999, gross: 11998, vatSlot: 0 },
    { name: 'Żółty kubek ŁÓDŹ', quantity: 1, unitGross: 1999, gross: 1999, vatSlot: 0 },
    { name: 'Książka', quantity: 1, unitGross: 3500, gross: 3500, vatSlot: 2 },
  ],
  nip: '5260250274',
  paymentType: 2,
};

describe('POSNET frames', () => {
  it("computes the protocol's CRC-16/XMODEM check values", () => {
    expect(crc16(Buffer.from('123456789'))).toBe('31C3');
    expect(crc16(Buffer.from('trinit\tbm0\t'))).toBe('4825');
    expect(encodeFrame('trinit', [['bm', 0]]).toString('latin1')).toBe('\x02trinit\tbm0\t#4825\x03');
  });

  it('writes Polish letters in Windows-1250 and reads them back; a changed byte fails the checksum', () => {
    const f = encodeFrame('trline', [['na', 'Żółć gęś']]);
    expect(f.includes(iconv.encode('Żółć gęś', 'win1250'))).toBe(true);
    const { frames } = splitFrames(f);
    expect(decodeFrame(frames[0]!).params.get('na')).toBe('Żółć gęś');
    const broken = Buffer.from(frames[0]!);
    broken[3] = 0x41;
    expect(() => decodeFrame(broken)).toThrow(/checksum/);
  });
});

describe('a receipt on the emulator', () => {
  it('prints the lines, the buyer NIP and the total; the printer reads the Polish names', async () => {
    const conn = await PosnetConnection.connect(printer.host, printer.port);
    try {
      await printReceipt(conn, RECEIPT);
    } finally {
      conn.close();
    }
    const r = printer.receipts.at(-1)!;
    expect(r.total).toBe(11998 + 1999 + 3500);
    expect(r.nip).toBe('5260250274');
    expect(r.lines.map((l) => l.name)).toEqual(['Kawa ziarnista 1kg', 'Żółty kubek ŁÓDŹ', 'Książka']);
    expect(r.printout).toContain('SUMA PLN 174,97');
    expect(r.printout).toContain('Książka 1 x 35,00 35,00 C');
    expect(printer.received.map((x) => x.command).slice(-7)).toEqual([
      'trinit',
      'trline',
      'trline',
      'trline',
      'trnipset',
      'trpayment',
      'trend',
    ]);
  });

  it("answers the printer's error codes in Polish and frees the printer (prncancel)", async () => {
    printer.refuseNext('trline', 2105);
    const conn = await PosnetConnection.connect(printer.host, printer.port);
    const before = printer.receipts.length;
    try {
      await expect(printReceipt(conn, RECEIPT)).rejects.toThrow(
        'Drukarka fiskalna (trline): ten towar był sprzedany na tej drukarce z inną stawką VAT (baza towarowa drukarki): zmień nazwę albo stawkę (kod 2105).',
      );
      expect(printer.received.at(-1)!.command).toBe('prncancel');
      // The printer is free: the same connection prints the receipt now.
      await printReceipt(conn, RECEIPT);
    } finally {
      conn.close();
    }
    expect(printer.receipts.length).toBe(before + 1);
  });

  it('an inactive VAT slot and a wrong total are refused with their codes', async () => {
    const conn = await PosnetConnection.connect(printer.host, printer.port);
    try {
      const err = await printReceipt(conn, {
        ...RECEIPT,
        lines: [{ name: 'Bon', quantity: 1, unitGross: 100, gross: 100, vatSlot: 6 }],
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PosnetError);
      expect((err as PosnetError).code).toBe(2000);
      const sdev = await conn.send('sdev');
      expect(sdev.get('tl')).toBe('0');
      await conn.send('trinit', [['bm', 0]]);
      await conn.send('trline', [
        ['na', 'Kawa'],
        ['vt', 0],
        ['pr', 100],
        ['il', 1],
        ['wa', 100],
      ]);
      await conn.send('trpayment', [
        ['ty', 0],
        ['wa', 100],
        ['re', 0],
      ]);
      await expect(conn.send('trend', [['to', 99]])).rejects.toThrow(/kod 2008/);
      await conn.send('prncancel');
    } finally {
      conn.close();
    }
  });

  it('a frame with a bad checksum is answered ERR ?5', async () => {
    const conn = await PosnetConnection.connect(printer.host, printer.port);
    const socket = (conn as unknown as { socket: Socket }).socket;
    const answer = new Promise<Buffer>((resolve) => socket.once('data', resolve));
    const f = encodeFrame('sdev');
    f[f.length - 2] = f[f.length - 2] === 0x30 ? 0x31 : 0x30;
    socket.write(f);
    const { frames } = splitFrames(await answer);
    expect(decodeFrame(frames[0]!)).toMatchObject({ command: 'ERR', error: 5 });
    conn.close();
  });

  it('a printer that does not answer, one that is not there and a dropped connection fail with clear messages', async () => {
    printer.silence();
    const slow = await PosnetConnection.connect(printer.host, printer.port, 300);
    await expect(slow.send('sdev')).rejects.toThrow('Drukarka nie odpowiedziała na polecenie sdev.');
    slow.close();

    await expect(PosnetConnection.connect('127.0.0.1', 1, 2000)).rejects.toThrow(
      /Nie można połączyć się z drukarką 127.0.0.1:1/,
    );

    printer.dropOn('trline');
    const conn = await PosnetConnection.connect(printer.host, printer.port);
    const err = await printReceipt(conn, RECEIPT).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PosnetError);
    expect((err as PosnetError).unreachable).toBe(true);
    conn.close();
  });
});
