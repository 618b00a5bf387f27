import fs from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import type { XsdError, XsdSet } from '../platform/xml/xsd';

/**
 * One large XML document against an official XSD, offline, in libxml2's streaming mode
 * (`xmllint --stream --schema`, WebAssembly): the document is read as it goes instead of built as
 * a tree, so a 33 MB tax file needs about 100 MB above the process's own instead of about 330 MB,
 * in the same time (the jpk plugin's `npm run bench:jpk`; docs/plugins.md, "Plugin: jpk"). The bytes
 * are passed as they are (UTF-8), never turned into a string. The schema set is read as
 * `validateAgainstXsd` reads it (platform/xml/xsd.ts): absolute `schemaLocation` prefixes dropped
 * so the imports resolve to the local copies. Answers at most `maxErrors` errors (empty: valid);
 * throws only when the schema cannot be compiled.
 */
const loaded = new Map<string, { fileName: string; contents: string }[]>();

function schemaFiles(dir: string, set: XsdSet) {
  const key = `${dir}|${set.main}`;
  let files = loaded.get(key);
  if (!files) {
    files = [set.main, ...set.imports].map((f) => {
      let contents = fs.readFileSync(path.join(dir, f), 'utf8');
      for (const p of set.locationPrefixes) contents = contents.split(`schemaLocation="${p}`).join('schemaLocation="');
      return { fileName: f, contents };
    });
    loaded.set(key, files);
  }
  return files;
}

export async function validateXmlStream(
  dir: string,
  set: XsdSet,
  doc: { name: string; xml: Uint8Array },
  maxErrors = 20,
): Promise<XsdError[]> {
  const [schema, ...preload] = schemaFiles(dir, set);
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: doc.xml }],
    schema: [schema!],
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
