import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvStringifier, inertCsvText } from './csv';

describe('inertCsvText', () => {
  it.each([
    ['=1+1', "'=1+1"],
    [' =1+1', "' =1+1"],
    ['\t=1+1', "'\t=1+1"],
    ['\tabc', "'\tabc"],
    ['\rabc', "'\rabc"],
    ['  -2+3', "'  -2+3"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['Kubek\r=1+1', "Kubek\r'=1+1"],
    ['Kubek\n @x', "Kubek\n '@x"],
    ['=a\r\n=b', "'=a\r\n'=b"],
    ['Kubek', 'Kubek'],
    ['Kubek 1+1=2', 'Kubek 1+1=2'],
    ['Zwykły\r\nopis', 'Zwykły\r\nopis'],
  ])('%j -> %j', (text, out) => expect(inertCsvText(text)).toBe(out));
});

describe('csvStringifier', () => {
  it('quotes bare CR and LF, and a parser reads back one row per record', async () => {
    const csv = csvStringifier({ delimiter: ';', record_delimiter: 'windows' });
    const chunks: string[] = [];
    csv.on('data', (c: Buffer) => chunks.push(c.toString()));
    const done = new Promise((resolve) => csv.on('end', resolve));
    csv.write(['Kubek\r=1+1', -3, 'a;b', 'x"y']);
    csv.write(['Talerz\n+1', 0, '', '']);
    csv.end();
    await done;
    const text = chunks.join('');
    expect(text).toBe('"Kubek\r\'=1+1";-3;"a;b";"x""y"\r\n"Talerz\n\'+1";0;;\r\n');
    expect(parse(text, { delimiter: ';' })).toEqual([
      ["Kubek\r'=1+1", '-3', 'a;b', 'x"y'],
      ["Talerz\n'+1", '0', '', ''],
    ]);
  });
});
