// YAML bibliographies: CSL-YAML for pandoc (`references:` holding CSL items, or a bare list of
// them) and Hayagriva for Typst (a map from keys to entries). js-yaml reads the values; the
// file's top-level layout (an entry starts a line at the entries' indentation) gives each
// entry's line, and lets a file with a syntax error be read entry by entry, so that one broken
// entry costs only itself.
import { load } from 'js-yaml';
import { CslItemError, cslReference, MAX_ITEM_DEPTH } from '../csl/item';
import type { ReadProblem } from '../problem';
import type { Reference } from '../../model/reference';
import { hayagrivaReference } from './hayagriva';

export interface YamlBibliography {
  format: 'csl-yaml' | 'hayagriva';
  references: Reference[];
  problems: ReadProblem[];
}

/** One entry's lines: where it starts (0-based) and its text. */
interface Chunk { line: number; text: string }

/** The top-level layout of a YAML bibliography: its format and where each entry is. */
interface Layout {
  format: 'csl-yaml' | 'hayagriva';
  chunks: Chunk[];
}

const SKIP = /^\s*(?:#.*)?$|^(?:---|\.\.\.)\s*(?:#.*)?$/;

/**
 * Splits a YAML bibliography into its entries by layout: under `references:` (or at the top
 * of a bare list), an item starts with "- " at the items' indentation; in Hayagriva, an
 * entry starts with its key at column 0.
 */
function layoutOf(lines: readonly string[]): Layout {
  const first = lines.findIndex(l => !SKIP.test(l));
  const references = lines.findIndex(l => /^references\s*:\s*(?:#.*)?$/.test(l));
  const list = references >= 0 || (first >= 0 && /^- /.test(lines[first]));
  const chunks: Chunk[] = [];
  let current: { line: number; lines: string[] } | undefined;
  const close = () => { if (current) chunks.push({ line: current.line, text: current.lines.join('\n') }); current = undefined; };
  if (list) {
    const from = references >= 0 ? references + 1 : first;
    const itemLine = lines.slice(from).find(l => /^\s*- /.test(l));
    const indent = itemLine ? /^\s*/.exec(itemLine)![0] : '';
    for (let i = from; i < lines.length; i++) {
      const line = lines[i];
      if (line.startsWith(`${indent}- `) || line === `${indent}-`) { close(); current = { line: i, lines: [line.slice(indent.length)] }; continue; }
      // Another top-level key after the list ends it (e.g. "nocite:" after "references:").
      if (references >= 0 && /^\S/.test(line) && !SKIP.test(line)) { close(); break; }
      if (current && !/^(?:---|\.\.\.)\s*$/.test(line)) current.lines.push(line.slice(Math.min(indent.length, /^\s*/.exec(line)![0].length)));
    }
    close();
    return { format: 'csl-yaml', chunks };
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^[^\s#-]/.test(line) && !/^(?:---|\.\.\.)\s*$/.test(line)) { close(); current = { line: i, lines: [line] }; continue; }
    if (current && !/^(?:---|\.\.\.)\s*$/.test(line)) current.lines.push(line);
  }
  close();
  return { format: 'hayagriva', chunks };
}

/**
 * An entry as js-yaml gives it, refused when it holds itself (an alias inside its own anchor,
 * `&t {value: *t}`, which every reading of it would follow for ever) or nests deeper than an
 * entry can. Walked with a list rather than the call stack, each object once however many
 * aliases share it (aliases that double at every level make few objects and many paths).
 */
function sound<T>(value: T): T {
  if (!value || typeof value !== 'object') return value;
  /** Objects walked to the end, with how deep each nests. */
  const depths = new Map<object, number>();
  const path = new Set<object>();
  const frames: { node: object; children: unknown[]; next: number; depth: number }[] = [];
  const enter = (node: object) => {
    if (frames.length >= MAX_ITEM_DEPTH) throw new CslItemError(`it nests deeper than ${MAX_ITEM_DEPTH} levels (no entry does)`);
    path.add(node);
    frames.push({ node, children: Object.values(node), next: 0, depth: 1 });
  };
  enter(value);
  while (frames.length) {
    const frame = frames[frames.length - 1];
    if (frame.next < frame.children.length) {
      const child = frame.children[frame.next++];
      if (!child || typeof child !== 'object') continue;
      if (path.has(child)) throw new CslItemError('it holds itself: a YAML alias (*name) inside its own anchor (&name)');
      const depth = depths.get(child);
      if (depth === undefined) enter(child);
      else frame.depth = Math.max(frame.depth, depth + 1);
      continue;
    }
    frames.pop();
    path.delete(frame.node);
    if (frame.depth > MAX_ITEM_DEPTH) throw new CslItemError(`it nests deeper than ${MAX_ITEM_DEPTH} levels (no entry does)`);
    depths.set(frame.node, frame.depth);
    const parent = frames[frames.length - 1];
    if (parent) parent.depth = Math.max(parent.depth, frame.depth + 1);
  }
  return value;
}

const yamlError = (error: unknown) => {
  const e = error as { reason?: string; message?: string; mark?: { line: number } };
  return { message: `YAML: ${e.reason ?? e.message ?? String(error)}`, line: e.mark ? e.mark.line : 0 };
};

/**
 * Reads a CSL-YAML or Hayagriva file: CSL-YAML when it is a list or has `references:`,
 * Hayagriva when it maps keys to entries. Each entry keeps its line. A file with a syntax
 * error is read entry by entry: the broken entry is reported at the error's line, the
 * others are kept.
 *
 * @example readYamlBibliography('doe2020:\n  type: article\n  title: T\n').references[0].key === 'doe2020'
 */
export function readYamlBibliography(source: string): YamlBibliography {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  const layout = layoutOf(lines);
  const problems: ReadProblem[] = [];
  const references: Reference[] = [];
  let whole: unknown;
  let readWhole = false;
  try {
    whole = load(lines.join('\n'));
    readWhole = true;
  } catch {
    // Read entry by entry below; each broken one is reported there.
  }
  const add = (make: () => Reference, line: number, what: string) => {
    try {
      references.push(make());
    } catch (error) {
      if (!(error instanceof CslItemError)) throw error;
      problems.push({ line, message: `${what} skipped: ${error.message}`, severity: 'error' });
    }
  };
  if (readWhole) {
    if (whole === null || whole === undefined) return { format: layout.format, references, problems };
    const items = Array.isArray(whole) ? whole : (whole as Record<string, unknown>)?.references;
    if (Array.isArray(items) || layout.format === 'csl-yaml') {
      if (!Array.isArray(items)) {
        problems.push({ line: 1, message: '"references" must be a list of CSL items', severity: 'error' });
        return { format: 'csl-yaml', references, problems };
      }
      // The items' lines from the layout, when it found as many items as the parser did.
      const lineOf = (i: number) => (layout.chunks.length === items.length ? layout.chunks[i].line + 1 : 1);
      items.forEach((item, i) => add(() => cslReference(sound(item), lineOf(i)), lineOf(i), `item ${i + 1}`));
      return { format: 'csl-yaml', references, problems };
    }
    if (typeof whole !== 'object' || Array.isArray(whole)) {
      problems.push({ line: 1, message: 'expected a list of CSL items, "references:", or Hayagriva entries (key: fields)', severity: 'error' });
      return { format: 'hayagriva', references, problems };
    }
    const lineOfKey = new Map<string, number>();
    for (const chunk of layout.chunks) {
      const key = /^(?:"([^"]*)"|'([^']*)'|([^:#]*?))\s*:(?:\s|$)/.exec(chunk.text);
      if (key) lineOfKey.set((key[1] ?? key[2] ?? key[3]).trim(), chunk.line + 1);
    }
    for (const [key, value] of Object.entries(whole as Record<string, unknown>)) {
      const line = lineOfKey.get(key) ?? 1;
      add(() => hayagrivaReference(key, sound(value), line), line, `entry "${key}"`);
    }
    return { format: 'hayagriva', references, problems };
  }
  // A syntax error somewhere: each entry on its own.
  layout.chunks.forEach((chunk, i) => {
    let value: unknown;
    try {
      value = load(chunk.text);
    } catch (error) {
      const { message, line } = yamlError(error);
      problems.push({ line: chunk.line + line + 1, message, severity: 'error', code: 'yaml' });
      return;
    }
    const line = chunk.line + 1;
    if (layout.format === 'csl-yaml') {
      const [item] = Array.isArray(value) ? value : [value];
      add(() => cslReference(sound(item), line), line, `item ${i + 1}`);
      return;
    }
    for (const [key, entry] of Object.entries((value ?? {}) as Record<string, unknown>)) add(() => hayagrivaReference(key, sound(entry), line), line, `entry "${key}"`);
  });
  if (!layout.chunks.length) {
    try { load(lines.join('\n')); } catch (error) {
      const { message, line } = yamlError(error);
      problems.push({ line: line + 1, message, severity: 'error', code: 'yaml' });
    }
  }
  return { format: layout.format, references, problems };
}
