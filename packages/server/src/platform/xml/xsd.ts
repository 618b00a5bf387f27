import fs from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

/**
 * Validation of XML against an official XSD, offline (docs/decisions.md, "Accounting: FA(3) and
 * the schemas"): libxml2's xmllint compiled to WebAssembly (`xmllint-wasm`), so no system package
 * is needed and nothing is fetched: an official schema that imports its types by absolute URL
 * (the ministry's `schemaLocation="http://crd.gov.pl/..."`) is read with those locations rewritten
 * to the local copies' file names. One call compiles the schema once for many documents.
 */
export interface XsdSet {
  /** The main schema's file. */
  main: string;
  /** The files it imports or includes (same folder), by file name. */
  imports: readonly string[];
  /** `schemaLocation` prefixes to drop (the absolute URLs of the imported files' folder). */
  locationPrefixes: readonly string[];
}

export interface XmlDocument {
  /** A name for the error messages, e.g. the invoice number. */
  name: string;
  xml: string;
}

export interface XsdError {
  /** The document's name. */
  document: string;
  line: number | null;
  message: string;
}

const loaded = new Map<
  string,
  { schema: { fileName: string; contents: string }; preload: { fileName: string; contents: string }[] }
>();

function rewrite(text: string, prefixes: readonly string[]): string {
  let out = text;
  for (const p of prefixes) out = out.split(`schemaLocation="${p}`).join('schemaLocation="');
  return out;
}

function load(dir: string, set: XsdSet) {
  const key = `${dir}|${set.main}`;
  let found = loaded.get(key);
  if (!found) {
    const read = (f: string) => ({
      fileName: f,
      contents: rewrite(fs.readFileSync(path.join(dir, f), 'utf8'), set.locationPrefixes),
    });
    found = { schema: read(set.main), preload: set.imports.map(read) };
    loaded.set(key, found);
  }
  return found;
}

let root: string | undefined;

/**
 * The folder of a plugin's files shipped with the app (`plugins/<id>/<sub>`): found from this
 * module upwards (the sources and the built server live at different depths).
 */
export function pluginFilesDir(pluginId: string, sub: string): string {
  if (root === undefined) {
    let dir = import.meta.dirname;
    while (!fs.existsSync(path.join(dir, 'plugins', 'index.ts')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
    root = dir;
  }
  return path.join(root, 'plugins', pluginId, sub);
}

/** Safe file names for the documents inside the validator (never taken from the documents' names). */
const fileOf = (i: number) => `document-${i + 1}.xml`;

/**
 * Validates the documents against the schema set in `dir`: answers every error with its document
 * and line (empty: all valid). Throws only when the schema itself cannot be compiled.
 */
export async function validateAgainstXsd(dir: string, set: XsdSet, docs: readonly XmlDocument[]): Promise<XsdError[]> {
  if (docs.length === 0) return [];
  const { schema, preload } = load(dir, set);
  const result = await validateXML({
    xml: docs.map((d, i) => ({ fileName: fileOf(i), contents: d.xml })),
    schema: [schema],
    preload,
    maxMemoryPages: 32_768,
  });
  if (result.valid) return [];
  return result.errors.map((e) => {
    const i = docs.findIndex((_, k) => e.loc?.fileName === fileOf(k));
    return {
      document: i >= 0 ? docs[i]!.name : (e.loc?.fileName ?? ''),
      line: e.loc?.lineNumber ?? null,
      message: e.message.trim(),
    };
  });
}

/**
 * One large XML document against the schema set, in libxml2's streaming mode (`xmllint --stream
 * --schema`): the document is read as it goes instead of built as a tree, so a 33 MB tax file
 * needs about 100 MB above the process's own instead of about 330 MB, in the same time (the jpk
 * plugin's `npm run bench:jpk`). The bytes are passed as they are (UTF-8), never turned into a
 * string. Answers at most `maxErrors` errors (empty: valid); throws only when the schema cannot be
 * compiled.
 */
export async function validateXmlStream(
  dir: string,
  set: XsdSet,
  doc: { name: string; xml: Uint8Array },
  maxErrors = 20,
): Promise<XsdError[]> {
  const { schema, preload } = load(dir, set);
  const result = await validateXML({
    xml: [{ fileName: fileOf(0), contents: doc.xml }],
    schema: [schema],
    preload,
    stream: true,
    maxMemoryPages: 32_768,
  });
  if (result.valid) return [];
  return result.errors.slice(0, maxErrors).map((e) => ({
    document: doc.name,
    line: e.loc?.lineNumber ?? null,
    message: e.message.trim(),
  }));
}
