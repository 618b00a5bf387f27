/**
 * The tax-office list the settings check (plugins/jpk/tax-offices.ts) is exactly the ministry's
 * `TKodUS` of both shipped schema sets: every code with its name, in the same order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTaxOfficeCode, TAX_OFFICES } from '../tax-offices';

const schema = (file: string) => fs.readFileSync(path.resolve(import.meta.dirname, '..', 'schema', file), 'utf8');

function enumeration(xsd: string): [string, string][] {
  const out: [string, string][] = [];
  const re = /<xsd:enumeration value="([^"]*)">\s*<xsd:annotation>\s*<xsd:documentation>([^<]*)<\/xsd:documentation>/g;
  for (let m = re.exec(xsd); m; m = re.exec(xsd)) out.push([m[1]!, m[2]!.trim()]);
  return out;
}

describe('tax offices', () => {
  it('equal the TKodUS list of the JPK_V7M(3) and the JPK_FA(4) schemas', () => {
    const v7m = enumeration(schema('v7m3/KodyUrzedowSkarbowych_v8-0E.xsd'));
    const fa = enumeration(schema('fa4/KodyUrzedowSkarbowych_v5-0E.xsd'));
    expect(v7m).toHaveLength(400);
    expect(TAX_OFFICES.map(([c, n]) => [c, n])).toEqual(v7m);
    expect(fa.map(([c]) => c)).toEqual(v7m.map(([c]) => c));
  });

  it('knows a code on the list and no other', () => {
    expect(isTaxOfficeCode('1471')).toBe(true);
    expect(isTaxOfficeCode('0202')).toBe(true);
    expect(isTaxOfficeCode('9999')).toBe(false);
    expect(isTaxOfficeCode('147')).toBe(false);
  });
});
