import { pluginFilesDir, validateAgainstXsd, type XmlDocument, type XsdError, type XsdSet } from '@zaplecze/plugin-sdk';

/**
 * The official schema sets shipped in plugins/jpk/schema (each folder's README names the source
 * and hashes). The main schemas import the ministry's shared types by absolute URL; the
 * validator reads the local copies instead (the prefixes below are dropped), offline.
 */
export const V7M3_SET: XsdSet = {
  main: 'Schemat_JPK_V7M3_v1-0E.xsd',
  imports: ['StrukturyDanych_v12-0E.xsd', 'KodyKrajow_v13-0E.xsd', 'KodyUrzedowSkarbowych_v8-0E.xsd'],
  locationPrefixes: [
    'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/09/13/eD/DefinicjeTypy/',
    'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2023/09/06/eD/KodyKrajow/',
    'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/KodyUrzedowSkarbowych/',
  ],
};
export const FA4_SET: XsdSet = {
  main: 'Schemat_JPK_FA4_v1-0.xsd',
  imports: [
    'StrukturyDanych_v5-0E.xsd',
    'ElementarneTypyDanych_v5-0E.xsd',
    'KodyKrajow_v5-0E.xsd',
    'KodyUrzedowSkarbowych_v5-0E.xsd',
  ],
  locationPrefixes: ['http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2018/08/24/eD/DefinicjeTypy/'],
};

export const v7m3Dir = () => pluginFilesDir('jpk', 'schema/v7m3');
export const fa4Dir = () => pluginFilesDir('jpk', 'schema/fa4');

/** Validates JPK_V7M(3) documents against the official schema: every error with its document's name. */
export function validateV7m(docs: readonly XmlDocument[]): Promise<XsdError[]> {
  return validateAgainstXsd(v7m3Dir(), V7M3_SET, docs);
}

/** Validates JPK_FA(4) documents against the official schema. */
export function validateFa4(docs: readonly XmlDocument[]): Promise<XsdError[]> {
  return validateAgainstXsd(fa4Dir(), FA4_SET, docs);
}
