import type { AsPlainObject } from 'minisearch';
import { inSlices, pause, runToEnd } from '../util/pause';

// The index files the extension ships are most of its download. MiniSearch's JSON spends
// bytes on what can be derived: the document ids (they are the corpus's ids, in order),
// quotes and braces around every posting, and term frequencies of 1. This form keeps only
// the postings, delta-coded, and compresses to about half of the JSON's size.
//
//   papers-index 1
//   {"documentCount":390,"nextId":390,"fieldIds":{…},"averageFieldLength":[…],"serializationVersion":2}
//   [[12,0,…],[9,0,…],…]            field lengths of each document, in order
//   term<TAB>fieldId=delta[:tf],delta[:tf],…<TAB>fieldId=…
const MAGIC = 'papers-index 1';

interface Header {
  documentCount: number;
  nextId: number;
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  serializationVersion: number;
}

/**
 * Encodes a freshly built index (documents added in corpus order, none removed), whose
 * document ids are `ids`. Throws for any other index: those are kept as MiniSearch JSON.
 *
 * @example decodeIndex(encodeIndex(index.toJSON(), ids), ids) === JSON.stringify(index)
 */
export function encodeIndex(js: AsPlainObject, ids: readonly string[]): string {
  const shortIds = Object.keys(js.documentIds);
  if (js.nextId !== ids.length || shortIds.length !== ids.length || (js.dirtCount ?? 0) !== 0 || Object.keys(js.storedFields).length) {
    throw new Error('only a fresh index of the corpus, in corpus order, can be encoded');
  }
  ids.forEach((id, i) => {
    if (js.documentIds[i] !== id) throw new Error(`document ${i} is ${String(js.documentIds[i])}, not ${id}`);
  });
  const header: Header = {
    documentCount: js.documentCount, nextId: js.nextId, fieldIds: js.fieldIds,
    averageFieldLength: js.averageFieldLength, serializationVersion: js.serializationVersion,
  };
  const lines = [MAGIC, JSON.stringify(header), JSON.stringify(ids.map((_, i) => js.fieldLength[i]))];
  for (const [term, fields] of js.index) {
    if (/[\t\n]/.test(term)) throw new Error(`a term with a tab or a line break cannot be encoded: ${JSON.stringify(term)}`);
    const parts = [term];
    for (const [fieldId, postings] of Object.entries(fields)) {
      let previous = 0;
      const coded = Object.keys(postings).map(Number).sort((a, b) => a - b).map(doc => {
        const delta = doc - previous;
        previous = doc;
        const tf = postings[doc];
        return tf === 1 ? String(delta) : `${delta}:${tf}`;
      });
      parts.push(`${fieldId}=${coded.join(',')}`);
    }
    lines.push(parts.join('\t'));
  }
  return lines.join('\n');
}

/** Terms decoded in one step; `decodeIndexAsync` takes as many steps as fit in a slice of time (the bundled full text has about 7,000 terms). */
const TERMS_PER_STEP = 200;

/**
 * Decodes what `encodeIndex` wrote back into MiniSearch's JSON, for `MiniSearch.loadJSON`;
 * `ids` are the corpus's ids, in order. Writing JSON text and letting `JSON.parse` build
 * the objects is about twice as fast as building them here, and this runs at start-up.
 */
export function decodeIndex(text: string, ids: readonly string[]): string {
  return runToEnd(decodeSlices(text, ids));
}

/**
 * `decodeIndex` in slices of terms with a pause before each, for the extension host, where nothing
 * may hold the event loop for long: MiniSearch's plain object (for `MiniSearch.loadJSAsync`), each
 * slice's terms written as JSON text and parsed on their own. Parsing the full text's JSON whole
 * (570 KB) held the host 17-41 ms in a cold Node, more in a window. `between` is awaited before each slice.
 */
export async function decodeIndexAsync(text: string, ids: readonly string[], between: () => Promise<void> = pause): Promise<AsPlainObject> {
  await between();
  return inSlices(decodeObjectSlices(text, ids), between);
}

/** The lines before the terms: the header, the field lengths, and where the terms start. */
function headOf(text: string, ids: readonly string[]) {
  const line = (from: number) => { const end = text.indexOf('\n', from); return end < 0 ? text.length : end; };
  const end0 = line(0);
  if (text.slice(0, end0) !== MAGIC) throw new Error('not a papers index file (run "npm run build")');
  const end1 = line(end0 + 1);
  const header = JSON.parse(text.slice(end0 + 1, end1)) as Header;
  const end2 = line(end1 + 1);
  const lengths = JSON.parse(text.slice(end1 + 1, end2)) as number[][];
  if (header.documentCount !== ids.length || lengths.length !== ids.length) {
    throw new Error(`the search index has ${header.documentCount} papers but the corpus ${ids.length}: rebuild them together`);
  }
  return { header, lengths, terms: end2 + 1, line };
}

/** The decoder, yielding after every `TERMS_PER_STEP` terms. */
function* decodeSlices(text: string, ids: readonly string[]): Generator<void, string> {
  const { header, lengths, terms: start, line } = headOf(text, ids);
  const out: string[] = [
    `{"documentCount":${header.documentCount},"nextId":${header.nextId},"documentIds":{`,
    ids.map((id, i) => `"${i}":${JSON.stringify(id)}`).join(','),
    `},"fieldIds":${JSON.stringify(header.fieldIds)},"fieldLength":{`,
    lengths.map((l, i) => `"${i}":${JSON.stringify(l)}`).join(','),
    `},"averageFieldLength":${JSON.stringify(header.averageFieldLength)},"storedFields":{},"dirtCount":0,"index":[`,
  ];
  let terms = 0;
  for (let at = start; at < text.length;) {
    if (terms > 0 && terms % TERMS_PER_STEP === 0) yield;
    const end = line(at);
    out.push(`${terms++ ? ',' : ''}${decodeTerm(text.slice(at, end))}`);
    at = end + 1;
  }
  out.push(`],"serializationVersion":${header.serializationVersion}}`);
  return out.join('');
}

/** The same as MiniSearch's object: each step's terms parsed from their own JSON text. */
function* decodeObjectSlices(text: string, ids: readonly string[]): Generator<void, AsPlainObject> {
  const { header, lengths, terms: start, line } = headOf(text, ids);
  const index: AsPlainObject['index'] = [];
  const step: string[] = [];
  const parseStep = () => {
    for (const entry of JSON.parse(`[${step.join(',')}]`) as AsPlainObject['index']) index.push(entry);
    step.length = 0;
  };
  for (let at = start; at < text.length;) {
    if (step.length === TERMS_PER_STEP) {
      parseStep();
      yield;
    }
    const end = line(at);
    step.push(decodeTerm(text.slice(at, end)));
    at = end + 1;
  }
  parseStep();
  return {
    documentCount: header.documentCount, nextId: header.nextId,
    documentIds: Object.fromEntries(ids.map((id, i) => [i, id])), fieldIds: header.fieldIds,
    fieldLength: Object.fromEntries(lengths.map((l, i) => [i, l])), averageFieldLength: header.averageFieldLength,
    storedFields: {}, dirtCount: 0, index, serializationVersion: header.serializationVersion,
  };
}

/** One line of the file (`term<TAB>fieldId=delta[:tf],…`) as MiniSearch's `[term, {fieldId: {doc: tf}}]`. */
function decodeTerm(row: string): string {
  const fields = row.split('\t');
  const term = fields[0];
  if (!term) throw new Error('the index file is damaged (run "npm run build")');
  let entry = `[${JSON.stringify(term)},{`;
  for (let f = 1; f < fields.length; f++) {
    const field = fields[f];
    const eq = field.indexOf('=');
    entry += `${f > 1 ? ',' : ''}"${field.slice(0, eq)}":{`;
    let doc = 0;
    const items = field.slice(eq + 1).split(',');
    for (let k = 0; k < items.length; k++) {
      const item = items[k];
      const colon = item.indexOf(':');
      doc += colon < 0 ? +item : +item.slice(0, colon);
      entry += `${k ? ',' : ''}"${doc}":${colon < 0 ? 1 : +item.slice(colon + 1)}`;
    }
    entry += '}';
  }
  return `${entry}}]`;
}
