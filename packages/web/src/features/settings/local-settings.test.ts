import { afterEach, describe, expect, it } from 'vitest';
import {
  getPrintSettings,
  getPrintSettingsDraft,
  getReaderSettings,
  getSkipAutoload,
  readLocal,
  savePrintSettingsDraft,
  setSkipAutoload,
  userStorageKey,
  writeLocal,
} from '@web/data/local-settings';

describe('local settings (per user and device)', () => {
  afterEach(() => localStorage.clear());

  it('keys every value by the login, so users of one browser do not share them', () => {
    writeLocal('firma_jan', 'a.b', 'x');
    expect(localStorage.getItem(userStorageKey('firma_jan', 'a.b'))).toBe('x');
    expect(readLocal('FIRMA_JAN', 'a.b')).toBe('x');
    expect(readLocal('firma_ewa', 'a.b')).toBeUndefined();
    writeLocal('firma_jan', 'a.b', undefined);
    expect(readLocal('firma_jan', 'a.b')).toBeUndefined();
  });

  it("stores 'skip autoloading' as '1' or '0'", () => {
    expect(getSkipAutoload('firma_jan')).toBe(false);
    setSkipAutoload('firma_jan', true);
    expect(localStorage.getItem(userStorageKey('firma_jan', 'settings.skipAutoload'))).toBe('1');
    expect(getSkipAutoload('firma_jan')).toBe(true);
    expect(getSkipAutoload('firma_ewa')).toBe(false);
    setSkipAutoload('firma_jan', false);
    expect(localStorage.getItem(userStorageKey('firma_jan', 'settings.skipAutoload'))).toBe('0');
  });

  it('print and reader settings read as undefined until all of their parts are saved', () => {
    expect(getPrintSettings('firma_jan')).toBeUndefined();
    expect(getReaderSettings('firma_jan')).toBeUndefined();
    savePrintSettingsDraft('firma_jan', { labelFormat: 'A6', bolFormat: 'A4', invoiceAction: 'PDF' });
    expect(getPrintSettings('firma_jan')).toBeUndefined();
    expect(getReaderSettings('firma_jan')).toBeUndefined();
    savePrintSettingsDraft('firma_jan', {
      labelFormat: 'A6',
      bolFormat: 'A4',
      bolOversize: 'PRINT_A4',
      invoiceAction: 'ONLY_NUMBER',
      bolAction: 'ONLY_SEND',
    });
    expect(getPrintSettings('firma_jan')).toEqual({ labelFormat: 'A6', bolFormat: 'A4', bolOversize: 'PRINT_A4' });
    expect(getReaderSettings('firma_jan')).toEqual({ invoiceAction: 'ONLY_NUMBER', bolAction: 'ONLY_SEND' });
    expect(getPrintSettings('firma_ewa')).toBeUndefined();
  });

  it('ignores stored values outside the allowed sets and removes unset ones on save', () => {
    localStorage.setItem(userStorageKey('firma_jan', 'print.label.format'), 'A5');
    localStorage.setItem(userStorageKey('firma_jan', 'reader.bol.action'), 'ONLY_NUMBER');
    expect(getPrintSettingsDraft('firma_jan')).toEqual({});
    savePrintSettingsDraft('firma_jan', { bolFormat: 'A6' });
    expect(getPrintSettingsDraft('firma_jan')).toEqual({ bolFormat: 'A6' });
    expect(localStorage.getItem(userStorageKey('firma_jan', 'print.label.format'))).toBeNull();
  });
});
