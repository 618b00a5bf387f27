import { pluginFilesDir, validateAgainstXsd, type XmlDocument, type XsdError } from '@zaplecze/plugin-sdk';

/** The official FA(3) schema set shipped in plugins/invoicing/schema/fa3 (its README names the source). */
const FA3 = {
  main: 'schemat_FA3_v1-0E.xsd',
  imports: ['StrukturyDanych_v10-0E.xsd', 'ElementarneTypyDanych_v10-0E.xsd', 'KodyKrajow_v10-0E.xsd'],
  locationPrefixes: ['http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/'],
};

/** Validates FA(3) files against the official schema: every error with its file's name (empty: valid). */
export function validateFa3(docs: readonly XmlDocument[]): Promise<XsdError[]> {
  return validateAgainstXsd(pluginFilesDir('invoicing', 'schema/fa3'), FA3, docs);
}

/** The official UPO v4-3 schema shipped in plugins/invoicing/schema/upo (its README names the source). */
const UPO = { main: 'upo-v4-3.xsd', imports: [], locationPrefixes: [] };

/** Validates UPO receipts (KSeF's `Potwierdzenie`) against the official schema: every error with its file's name. */
export function validateUpo(docs: readonly XmlDocument[]): Promise<XsdError[]> {
  return validateAgainstXsd(pluginFilesDir('invoicing', 'schema/upo'), UPO, docs);
}
