// YAML bibliographies: CSL-YAML for pandoc (`references:` holding CSL items, or a bare list of
// them) and Hayagriva for Typst (a map from keys to entries). The `yaml` package gives each
// entry's position, and keeps the entries around a syntax error.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import type { Person } from '../corpus/paper';
import { CslItemError, cslReference } from './csl';
import type { ReadProblem } from './read';
import { personOf } from './names';
import { bareDoi, parseIsoDate, type Reference } from './reference';

/** Hayagriva's entry types → CSL types (a few depend on the parent, see `hayagrivaType`). */
const HAYAGRIVA_TYPES: Record<string, string> = {
  article: 'article', chapter: 'chapter', entry: 'entry', anthos: 'chapter', report: 'report', thesis: 'thesis',
  web: 'webpage', scene: 'motion_picture', artwork: 'graphic', patent: 'patent', case: 'legal_case',
  newspaper: 'article-newspaper', legislation: 'legislation', manuscript: 'manuscript', original: 'document',
  post: 'post', misc: 'document', performance: 'performance', periodical: 'periodical', proceedings: 'book',
  book: 'book', blog: 'post-weblog', reference: 'book', conference: 'event', anthology: 'book', thread: 'post',
  video: 'motion_picture', audio: 'song', exhibition: 'event', repository: 'software',
};

const text = (value: unknown): string | undefined => {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || undefined;
  // Hayagriva's formattable strings: { value, short, verbatim }.
  if (value && typeof value === 'object' && 'value' in value) return text((value as { value: unknown }).value);
  return undefined;
};

/** A Hayagriva name: "Doe, Jane", "van der Berg, Jan", "Doe, Jane, Jr.", or { name, given-name, prefix, suffix }. */
export function hayagrivaPerson(value: unknown): Person | undefined {
  if (value && typeof value === 'object') {
    const name = value as Record<string, unknown>;
    return personOf({ given: text(name['given-name']), particle: text(name.prefix), family: text(name.name), suffix: text(name.suffix) });
  }
  const written = text(value);
  if (!written) return undefined;
  const [head, given, suffix] = written.split(',').map(s => s.trim());
  if (given === undefined) return { literal: head };
  // A prefix is the lower-case words before the family name: "van der Berg".
  const words = head.split(/\s+/);
  const split = words.findIndex(w => !/^\p{Ll}/u.test(w));
  const person: Person = {};
  if (given) person.given = given;
  if (split > 0) person.particle = words.slice(0, split).join(' ');
  person.family = words.slice(Math.max(split, 0)).join(' ');
  if (suffix) person.suffix = suffix;
  return person;
}

const list = <T>(value: unknown, one: (v: unknown) => T | undefined): T[] | undefined => {
  const items = (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap(v => one(v) ?? []);
  return items.length ? items : undefined;
};

function hayagrivaType(entry: Record<string, unknown>, parent: Record<string, unknown> | undefined): string {
  const type = String(entry.type ?? 'misc').toLowerCase();
  if (type === 'article') {
    const kind = String(parent?.type ?? '').toLowerCase();
    if (kind === 'proceedings' || kind === 'conference') return 'paper-conference';
    if (kind === 'periodical') return 'article-journal';
    if (kind === 'newspaper') return 'article-newspaper';
  }
  return HAYAGRIVA_TYPES[type] ?? 'document';
}

/** A Hayagriva entry as a reference: key, type, title, authors, date, parent (venue), DOI, URL. */
export function hayagrivaReference(key: string, value: unknown, line: number): Reference {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new CslItemError(`entry "${key}" must be a map of fields (type, title, author…)`);
  const entry = value as Record<string, unknown>;
  const parents = Array.isArray(entry.parent) ? entry.parent : entry.parent ? [entry.parent] : [];
  const parent = parents.find(p => p && typeof p === 'object') as Record<string, unknown> | undefined;
  const ref: Reference = { key, line, sourceType: String(entry.type ?? 'misc'), type: hayagrivaType(entry, parent) };
  const title = text(entry.title);
  if (title) ref.title = title;
  const author = list(entry.author, hayagrivaPerson);
  if (author) ref.author = author;
  const editor = list(entry.editor, hayagrivaPerson);
  if (editor) ref.editor = editor;
  const date = text(entry.date) ?? text(parent?.date);
  const issued = date && parseIsoDate(date);
  if (issued) ref.issued = issued;
  const container = text(parent?.title);
  if (container) ref.containerTitle = container;
  const publisher = text(entry.publisher) ?? text((entry.publisher as { name?: unknown } | undefined)?.name)
    ?? text(parent?.publisher) ?? text((parent?.publisher as { name?: unknown } | undefined)?.name);
  if (publisher) ref.publisher = publisher;
  const volume = text(entry.volume) ?? text(parent?.volume);
  if (volume) ref.volume = volume;
  const issue = text(entry.issue) ?? text(parent?.issue);
  if (issue) ref.issue = issue;
  const page = text(entry['page-range']);
  if (page) ref.page = page;
  const serial = (entry['serial-number'] ?? {}) as Record<string, unknown>;
  const doi = bareDoi(text(entry.doi) ?? text(serial.doi));
  if (doi) ref.doi = doi;
  const url = text(entry.url);
  if (url && /^https?:\/\/\S+$/i.test(url)) ref.url = url;
  const abstract = text(entry.abstract);
  if (abstract) ref.abstract = abstract;
  return ref;
}

export interface YamlBibliography {
  format: 'csl-yaml' | 'hayagriva';
  references: Reference[];
  problems: ReadProblem[];
}

/**
 * Reads a CSL-YAML or Hayagriva file: CSL-YAML when it is a list or has `references:`,
 * Hayagriva when it maps keys to entries. Each entry keeps its line; a syntax error is
 * reported at its line and the entries the parser could still read are kept.
 *
 * @example readYamlBibliography('doe2020:\n  type: article\n  title: T\n').references[0].key === 'doe2020'
 */
export function readYamlBibliography(source: string): YamlBibliography {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: false, strict: false });
  const problems: ReadProblem[] = [];
  const lineOf = (node: { range?: [number, number, number] | null } | null | undefined) => lineCounter.linePos(node?.range?.[0] ?? 0).line;
  for (const error of doc.errors) problems.push({ line: lineCounter.linePos(error.pos[0]).line, message: `YAML: ${error.message.split('\n')[0]}`, severity: 'error', code: 'yaml' });
  const references: Reference[] = [];
  const contents = doc.contents;
  const cslItems = (seq: Node) => {
    if (!isSeq(seq)) {
      problems.push({ line: lineOf(seq), message: '"references" must be a list of CSL items', severity: 'error' });
      return;
    }
    seq.items.forEach((item, i) => {
      const line = lineOf(item as Node);
      try {
        references.push(cslReference((item as Node | null)?.toJSON?.() ?? item, line));
      } catch (error) {
        if (!(error instanceof CslItemError)) throw error;
        problems.push({ line, message: `item ${i + 1} skipped: ${error.message}`, severity: 'error' });
      }
    });
  };
  if (isSeq(contents)) {
    cslItems(contents);
    return { format: 'csl-yaml', references, problems };
  }
  if (isMap(contents)) {
    const refs = contents.items.find(pair => isScalar(pair.key) && pair.key.value === 'references');
    if (refs && isPair(refs)) {
      cslItems(refs.value as Node);
      return { format: 'csl-yaml', references, problems };
    }
    for (const pair of contents.items) {
      const key = isScalar(pair.key) ? String(pair.key.value ?? '').trim() : '';
      const line = lineOf(pair.key as Node);
      if (!key) {
        problems.push({ line, message: 'an entry needs a key', severity: 'error' });
        continue;
      }
      try {
        references.push(hayagrivaReference(key, (pair.value as Node | null)?.toJSON?.() ?? pair.value, line));
      } catch (error) {
        if (!(error instanceof CslItemError)) throw error;
        problems.push({ line, message: `${error.message}; skipped`, severity: 'error' });
      }
    }
    return { format: 'hayagriva', references, problems };
  }
  if (contents !== null && !problems.length) {
    problems.push({ line: lineOf(contents as Node), message: 'expected a list of CSL items, "references:", or Hayagriva entries (key: fields)', severity: 'error' });
  }
  return { format: 'csl-yaml', references, problems };
}
