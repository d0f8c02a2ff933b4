// Formatting in the engine worker: the style engine (citeproc-js, dist/styles.js.lz) loaded on the
// first styles request, never before; one engine a style and locale, kept while it is asked for;
// and the library's papers as CSL items, formatted as one reference, a bibliography in the style's
// order (its progress reported on the way) or the citations. A .csl that is not a style gets its
// file and line back, and the default style (APA) stands in.
import type { Paper } from '../core/model/paper';
import { DEFAULT_STYLE } from '../core/styles/resolve';
import { loadStyles, type StylesModule } from '../platform/styleEngine';
import type { StyleEngine } from '../core/styles/engine';
import { readBytes } from '../platform/engineFiles.node';
import type { Formatted, FormatParams, StyleEngineInfo, StyleEngineParams, StyleParams, StyleProblem, StyleRef, StylesBundle } from './protocol';
import { inSlices, pause } from '../core/util/pause';

/** Engines kept: the styles a writer moves between (a document's, the setting's, the details view's pick). */
const ENGINES = 6;

let styles: StylesModule | undefined;

/** The style engine's module, loaded from `bundle` the first time; undefined while it is not loaded and no bundle came. */
function stylesModule(bundle: StylesBundle | undefined): StylesModule | undefined {
  if (styles || !bundle) return styles;
  styles = 'path' in bundle ? loadStyles(readBytes(bundle.path), bundle.path) : loadStyles(new Uint8Array(bundle.bytes));
  return styles;
}

interface Built { engine: StyleEngine; problem?: StyleProblem }

/** Engines by style and locale, the least recently asked first. */
const engines = new Map<string, Built>();

type Locales = Pick<StyleParams, 'locale' | 'fallbackLocale'>;

function engineKey(style: StyleRef, { locale, fallbackLocale }: Locales): string {
  const locales = `${locale ?? ''}\n${fallbackLocale ?? ''}`;
  return 'bundled' in style ? `${style.bundled}\n${locales}` : `${style.file}\n${locales}\n${style.xml}\n${style.parent?.xml ?? ''}`;
}

/** The engine for a style, built once; a .csl citeproc-js cannot use gives the default style's, and the problem. */
function engineFor(module: StylesModule, style: StyleRef, locales: Locales): Built {
  const key = engineKey(style, locales);
  let built = engines.get(key);
  if (built) {
    engines.delete(key);
  } else {
    try {
      built = { engine: module.createStyleEngine('bundled' in style ? style.bundled : style, locales.locale, locales.fallbackLocale) };
    } catch (error) {
      if (!(error instanceof module.StyleError) || 'bundled' in style) throw error;
      built = { engine: engineFor(module, { bundled: DEFAULT_STYLE }, locales).engine, problem: { file: error.file, line: error.line, message: error.reason } };
    }
    if (engines.size >= ENGINES) engines.delete(engines.keys().next().value!);
  }
  engines.set(key, built);
  return built;
}

/** The references being formatted ahead (one document's keys at a time): a newer request stops the older. */
let ahead: { stopped: boolean } | undefined;

/**
 * Builds the engine a request names (`styleEngine`) and, when it names a document's keys, formats
 * their references ahead, after answering: in slices of AHEAD_SLICE_MS with a pause between, so
 * that a request from the editor (a hover) waits at most a slice; the answer waits for them only
 * when asked to (`ahead.wait`, the bench).
 */
export async function styleEngine(request: StyleEngineParams, lookup: (keys: string[]) => Promise<(Paper | undefined)[]>): Promise<StyleEngineInfo> {
  const module = stylesModule(request.bundle);
  if (!module) return { needsBundle: true };
  const { engine, problem } = engineFor(module, request.style, request);
  const info = { title: engine.info.title, locale: engine.locale, numeric: engine.numeric, ...(problem ? { problem } : {}) };
  if (request.ahead?.keys.length) {
    if (ahead) ahead.stopped = true;
    const job = ahead = { stopped: false };
    const done = formatAhead(module, engine, request.ahead, lookup, job).catch(() => undefined);
    if (request.ahead.wait) await done;
  }
  return info;
}

/** The time one slice of formatting ahead may hold the worker: a hover asked meanwhile waits no longer than this and one reference. */
const AHEAD_SLICE_MS = 40;

async function formatAhead(
  module: StylesModule, engine: StyleEngine, { keys, output }: NonNullable<StyleEngineParams['ahead']>,
  lookup: (keys: string[]) => Promise<(Paper | undefined)[]>, job: { stopped: boolean },
): Promise<void> {
  await pause();
  const papers = await lookup(keys);
  // Each paper made a CSL item in its own step: a thousand at once took a quarter of a second (the bench).
  function* steps(): Generator<unknown, void, undefined> {
    for (const [i, paper] of papers.entries()) {
      if (job.stopped) return;
      if (paper) yield* engine.referencesAhead([module.paperCslItem({ ...paper, key: keys[i] })], output);
      yield;
    }
  }
  await inSlices(steps(), pause, { budgetMs: AHEAD_SLICE_MS });
}

/**
 * Formats the papers a request names (`format`): `lookup` finds them by key in the worker's
 * library when the host did not send them. `onProgress` hears how far a bibliography is.
 */
export async function format(
  request: FormatParams, lookup: (keys: string[]) => Promise<(Paper | undefined)[]>, onProgress: (fraction: number) => void,
): Promise<Formatted> {
  const module = stylesModule(request.bundle);
  if (!module) return { needsBundle: true };
  const { engine, problem } = engineFor(module, request.style, request);
  const papers = request.papers ?? await lookup(request.keys);
  const missing: string[] = [];
  const items = [];
  const seen = new Set<string>();
  for (const [i, key] of request.keys.entries()) {
    const paper = papers[i];
    if (!paper) missing.push(key);
    else if (!seen.has(key)) items.push(module.paperCslItem({ ...paper, key }));
    seen.add(key);
  }
  const entries = request.kind === 'citations' ? engine.citations(items, request.output)
    : request.kind === 'bibliography' ? engine.bibliography(items, request.output, onProgress)
      : items.map(item => {
        try {
          return { key: item.id, text: engine.reference(item, request.output) };
        } catch (error) {
          return { key: item.id, text: '', error: error instanceof Error ? error.message : String(error) };
        }
      });
  return { entries, missing, ...(problem ? { problem } : {}) };
}
