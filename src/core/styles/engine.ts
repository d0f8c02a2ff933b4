// A citation style's engine: citeproc-js (npm `citeproc`, used unmodified) built for one style and
// one locale, and what it formats: one reference (a hover, a completion's documentation), a
// bibliography of many in the style's order (a preview, the command line), and the citations as
// the style writes them in the text. Each comes as plain text, HTML (citeproc-js's own) or
// Markdown (made from that HTML by output.ts). This module is the only one that imports
// citeproc-js, so that only the style engine's bundle (dist/styles.js) carries it.
import CSL from 'citeproc';
import { checkStyle, StyleError, type StyleInfo } from './styleXml';
import { htmlToMarkdown, htmlToText, safeHtml, type OutputForm } from './output';

/** A CSL item: CSL-JSON, as citeproc-js reads it (`id` is the citation key). */
export type CslItem = { id: string } & Record<string, unknown>;

/** One formatted entry: its key and its text in the form asked for. */
export interface Formatted {
  key: string;
  text: string;
  /** Why the entry could not be formatted (its text is then empty): citeproc-js rejected its data. */
  error?: string;
}

/** A style to build an engine from: its XML and the file it came from (for messages). */
export interface StyleSource {
  xml: string;
  file: string;
  /** For a dependent style, its parent (found beside it, in the workspace or fetched) when it is not bundled. */
  parent?: StyleSource;
}

export interface EngineOptions {
  /** The locale asked for (`en-US`, a document's `lang:`): it wins over the style's own default-locale, as in pandoc. */
  locale?: string;
  /** The writer's own language (papers.citation.locale): for a style without a default-locale, instead of en-US. */
  fallbackLocale?: string;
  /** A locale's XML by its tag (`en-US`, `de-DE`), or undefined when there is none. */
  locales: (tag: string) => string | undefined;
  /** A bundled style by its short id (`ieee`): a dependent style's parent when none comes with it. */
  styles?: (id: string) => StyleSource | undefined;
}

/** Entries formatted between two progress reports in `bibliography`. */
const PAGE = 100;

/**
 * References kept formatted (`reference`): hovers and completions ask for the same keys again and
 * again, and a citing document's keys are formatted ahead (`referencesAhead`), a thousand or more.
 */
const KEPT = 5000;

/**
 * A style engine. Building one parses the style and its locale (APA takes the longest);
 * formatting then takes a millisecond or so a reference.
 *
 * @example StyleEngine.create(apa, { locales }).reference({ id: 'a', type: 'book', title: 'T' }, 'text') === 'T.'
 */
export class StyleEngine {
  readonly #items = new Map<string, CslItem>();
  /** Each item as given (its JSON), by id, to tell when one changed under its key. */
  readonly #given = new Map<string, string>();
  /** The ids citeproc-js holds, in the order registered. */
  #registered: string[] = [];
  /** Told of each item citeproc-js reads while it registers them. */
  #read: (() => void) | undefined;
  #format: 'text' | 'html' | undefined;
  /** Formatted references by form and key, with the item they were formatted from; the least recently asked first. */
  readonly #references = new Map<string, { given: string; text: string }>();
  /**
   * A second engine of the same style for references one at a time, built on first need: a
   * reference formatted here would register its one item, and so drop the document's whole
   * registry, which the next bibliography (Show References) would then pay to build again.
   */
  #single: StyleEngine | undefined;
  /** The citations last made, by form, for the items registered: the same asked again (a keystroke that changed no citation) are given again. */
  #citationsMade: Map<OutputForm, Formatted[]> | undefined;

  private constructor(
    private readonly citeproc: InstanceType<typeof CSL.Engine>, readonly info: StyleInfo, readonly locale: string,
    private readonly made: { style: StyleSource; options: EngineOptions },
  ) {}

  /**
   * Builds the engine for `style`. Throws `StyleError` (file and line) for a file that is not a
   * well-formed CSL style, or that citeproc-js cannot build.
   */
  static create(style: StyleSource, options: EngineOptions): StyleEngine {
    const { xml, info } = independent(style, options);
    const locale = [options.locale, info.defaultLocale, options.fallbackLocale].find(l => l && options.locales(l)) ?? 'en-US';
    const sys = {
      retrieveLocale: (tag: string) => options.locales(tag),
      retrieveItem: (id: string): unknown => {
        engine.#read?.();
        return engine.#items.get(id);
      },
    };
    let citeproc: InstanceType<typeof CSL.Engine>;
    try {
      citeproc = new CSL.Engine(sys, xml, locale, true);
    } catch (error) {
      throw new StyleError(style.file, 1, `citeproc-js cannot use this style: ${String(error instanceof Error ? error.message : error).replace(/^citeproc-js error: /, '')}`);
    }
    const engine: StyleEngine = new StyleEngine(citeproc, info, locale, { style, options });
    return engine;
  }

  /** Whether the style numbers its entries (IEEE, Vancouver, Nature): a single reference then shows "[1]". */
  get numeric(): boolean {
    return this.info.citationFormat === 'numeric';
  }

  /**
   * Gives citeproc-js the items to format, in the output format asked for. They are registered in
   * one call, not a page at a time: every later call re-renders the sort keys, and moves in the
   * order, each item an earlier call touched, which made pages slower by half. `registered` hears
   * how many items citeproc-js has read so far. The same items as last time, none of them changed,
   * are not registered again (a preview asked again).
   */
  #use(items: readonly CslItem[], form: OutputForm, registered?: (done: number) => void): string[] {
    const given = items.map(item => JSON.stringify(item));
    // citeproc-js keeps what it read of an item by its id: an item that changed under the same
    // key (an edited entry) is read again only once the registry is emptied.
    const changed = items.some((item, i) => this.#given.has(item.id) && this.#given.get(item.id) !== given[i]);
    const format = form === 'text' ? 'text' : 'html';
    if (format !== this.#format) {
      this.citeproc.setOutputFormat(format);
      this.#format = format;
    }
    const ids = [...new Set(items.map(item => item.id))];
    if (!changed && ids.length === this.#registered.length && ids.every((id, i) => id === this.#registered[i])) return ids;
    this.#items.clear();
    this.#given.clear();
    items.forEach((item, i) => {
      this.#given.set(item.id, given[i]);
      this.#items.set(item.id, readable(item));
    });
    this.#registered = [];
    if (changed) this.citeproc.updateItems([]);
    let read = 0;
    this.#read = registered && (() => { if (++read % PAGE === 0) registered(read); });
    try {
      this.citeproc.updateItems(ids);
    } finally {
      this.#read = undefined;
    }
    this.#registered = ids;
    this.#citationsMade = undefined;
    return ids;
  }

  /**
   * One reference, as a bibliography of one would show it. It is kept, and given again while the
   * item under its key reads the same: an edited entry is formatted anew. Formatted by the second
   * engine: what this one has registered stays.
   *
   * @example engine.reference(item, 'markdown') === 'Vaswani, A., … (2017). *Attention is all you need*. …'
   */
  reference(item: CslItem, form: OutputForm): string {
    const key = `${form}\n${item.id}`;
    const given = JSON.stringify(item);
    const kept = this.#references.get(key);
    this.#references.delete(key);
    if (kept?.given === given) {
      this.#references.set(key, kept);
      return kept.text;
    }
    this.#single ??= StyleEngine.create(this.made.style, this.made.options);
    const [entry] = this.#single.bibliography([item], form);
    if (entry?.error) throw new Error(entry.error);
    const text = entry?.text ?? '';
    if (this.#references.size >= KEPT) this.#references.delete(this.#references.keys().next().value!);
    this.#references.set(key, { given, text });
    return text;
  }

  /** Whether `reference` has the item's reference in `form` kept (it then answers at once). */
  hasReference(item: CslItem, form: OutputForm): boolean {
    return this.#references.get(`${form}\n${item.id}`)?.given === JSON.stringify(item);
  }

  /**
   * Formats ahead the references of `items` not kept yet, one a step (a citing document's keys,
   * while the worker is idle), so that a hover on any of them answers from what is kept. A step
   * yields the key done; an item citeproc-js rejects is passed over (its hover will say why).
   */
  *referencesAhead(items: readonly CslItem[], form: OutputForm): Generator<string, void, undefined> {
    for (const item of items) {
      if (this.hasReference(item, form)) continue;
      try { this.reference(item, form); } catch { /* said when it is asked for */ }
      yield item.id;
    }
  }

  /**
   * A bibliography of `items` in the style's order. `onProgress` is told how far it is (0 to 1)
   * after every page of entries registered, then formatted: a thousand take a while, and a worker
   * can pass it on.
   */
  bibliography(items: readonly CslItem[], form: OutputForm, onProgress?: (fraction: number) => void): Formatted[] {
    try {
      return this.#pages(items, form, onProgress);
    } catch (error) {
      // citeproc-js stops at the first item whose data it rejects: the others are formatted
      // without those, which are named with the reason.
      this.#reset();
      const rejected = new Map<string, string>();
      for (const item of items) {
        try { this.#pages([item], form); } catch (e) { rejected.set(item.id, citeprocMessage(e)); this.#reset(); }
      }
      if (!rejected.size) throw new Error(citeprocMessage(error));
      const formatted = this.#pages(items.filter(i => !rejected.has(i.id)), form, onProgress);
      return [...formatted, ...[...rejected].map(([key, reason]) => ({ key, text: '', error: reason }))];
    }
  }

  /** After citeproc-js failed, nothing of what it held is trusted: it starts again empty. */
  #reset(): void {
    this.#citationsMade = undefined;
    this.#given.clear();
    this.#items.clear();
    this.#registered = [];
    try { this.citeproc.updateItems([]); } catch { /* empty already */ }
  }

  #pages(items: readonly CslItem[], form: OutputForm, onProgress?: (fraction: number) => void): Formatted[] {
    if (!items.length) return [];
    const total = 2 * items.length;
    this.#use(items, form, done => onProgress?.(done / total));
    const out: Formatted[] = [];
    let start: true | string = true;
    for (;;) {
      const made = this.citeproc.makeBibliography({ page_start: start, page_length: PAGE });
      if (!made) break;
      const [meta, entries] = made;
      meta.entry_ids.forEach((ids, i) => out.push({ key: ids[0], text: finish(entries[i], form) }));
      onProgress?.((items.length + out.length) / total);
      if (meta.done || !meta.entry_ids.length) break;
      start = meta.entry_ids[meta.entry_ids.length - 1][0];
    }
    return out;
  }

  /**
   * Each item's citation as the style writes it in the text ("(Vaswani et al., 2017)", "[1]"),
   * numbered as in the bibliography of all of them, in the order given.
   */
  citations(items: readonly CslItem[], form: OutputForm): Formatted[] {
    if (!items.length) return [];
    const ids = this.#use(items, form);
    const made = (this.#citationsMade ??= new Map<OutputForm, Formatted[]>()).get(form);
    if (made) return made.map(c => ({ ...c }));
    const out = ids.map(id => ({ key: id, text: finish(this.citeproc.makeCitationCluster([{ id }]), form) }));
    this.#citationsMade.set(form, out);
    return out.map(c => ({ ...c }));
  }
}

/** citeproc-js throws strings for data it rejects: their message. */
function citeprocMessage(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/^citeproc-js error: /, '');
}

const DATES = ['issued', 'accessed', 'event-date', 'original-date', 'submitted', 'available-date'];

/**
 * An item as citeproc-js can read it: date parts as numbers (CSL-JSON files write years as
 * strings too), and a range's end dropped when it is open (`[0]`) or not of the start's
 * precision, which citeproc-js rejects. The item itself when there is nothing to change.
 */
function readable(item: CslItem): CslItem {
  let out: CslItem | undefined;
  for (const name of DATES) {
    const date = item[name] as { 'date-parts'?: unknown } | undefined;
    const parts = date?.['date-parts'];
    if (!Array.isArray(parts) || !parts.every(Array.isArray)) continue;
    const numbers = (parts as unknown[][]).map(p => p.map(Number)).filter(p => p.length && p.every(Number.isFinite));
    const fixed = numbers.length === 2 && (numbers[1].length !== numbers[0].length || numbers[1][0] === 0) ? numbers.slice(0, 1) : numbers;
    if (JSON.stringify(fixed) !== JSON.stringify(parts)) {
      out ??= { ...item };
      out[name] = { ...date, 'date-parts': fixed };
    }
  }
  return asText(out ?? item);
}

/**
 * citeproc-js reads `<i>`, `<b>`, `<sc>`, `<sup>`, `<sub>` and `<span …>` inside a field as
 * formatting. The writer's fields are text, shown as text wherever Papers shows them: a word
 * joiner after each such `<` keeps citeproc-js from reading a tag there, and `finish` takes it
 * out again, so the field prints as written ("Mallory <b>Bold</b>", not bold).
 */
const RICH_TAG = /<(\/?)(i|b|sc|sup|sub|span)\b/gi;
const JOINER = '\u2060';

function asText<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('<') ? value.replace(RICH_TAG, `<$1${JOINER}$2`) : value) as T;
  if (Array.isArray(value)) {
    const mapped = value.map(asText);
    return (mapped.some((v, i) => v !== value[i]) ? mapped : value) as T;
  }
  if (value && typeof value === 'object') {
    let out: Record<string, unknown> | undefined;
    for (const [name, field] of Object.entries(value)) {
      const mapped = asText(field);
      if (mapped !== field) (out ??= { ...(value as Record<string, unknown>) })[name] = mapped;
    }
    return (out ?? value) as T;
  }
  return value;
}

/** citeproc-js's output for one entry in the form asked for: its HTML without the entry's own div, or text. */
function finish(given: string, form: OutputForm): string {
  const output = given.includes(JOINER) ? given.replaceAll(JOINER, '') : given;
  if (form === 'text') return htmlToText(output, true);
  const html = output.trim().replace(/^<div class="csl-entry">([\s\S]*)<\/div>$/, '$1').trim();
  return form === 'html' ? safeHtml(html) : htmlToMarkdown(html);
}

/**
 * The style's rules: its own, or, for a dependent style (a journal's name over another style's
 * rules, as most of the CSL repository's styles are), its parent's, with the dependent's title, id
 * and locale, as Zotero and pandoc apply them. A parent that cannot be found, or is itself
 * dependent, is a `StyleError` at the line that names it.
 */
function independent(style: StyleSource, options: EngineOptions): { xml: string; info: StyleInfo } {
  const info = checkStyle(style.xml, style.file);
  if (!info.parent) return { xml: style.xml, info };
  const { id, line } = info.parent;
  const parent = style.parent ?? options.styles?.(id);
  if (!parent) {
    throw new StyleError(style.file, line, `this is a dependent style, and its parent style "${id}" was not found: it is not bundled, and no ${id}.csl is beside it or in the workspace (nor could it be fetched)`);
  }
  const rules = checkStyle(parent.xml, parent.file);
  if (rules.parent) throw new StyleError(style.file, line, `its parent style "${id}" is itself a dependent style (of "${rules.parent.id}"): a dependent style's parent must be an independent style`);
  const defaultLocale = info.defaultLocale ?? rules.defaultLocale;
  const { parent: _named, ...own } = info;
  return { xml: parent.xml, info: { ...rules, id: own.id, title: own.title, citationFormat: own.citationFormat ?? rules.citationFormat, ...(defaultLocale ? { defaultLocale } : {}) } };
}
