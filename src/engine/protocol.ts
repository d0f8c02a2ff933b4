// The one definition of what the extension host and the engine worker say to each other.
// Requests go to the worker with an id; each answer comes back with that id and is checked
// here before the host uses it (an engine is a dependency that can fail). Bytes go in as
// ArrayBuffers (transferred, not copied); what comes out is rows, ids and reports, never
// the whole library. Every type that crosses is written once, here, beside its schema; the
// request table (`REQUESTS`) gives each request what it carries, what it answers and when.
import type { ReadProblem } from '../core/bibliography/problem';
import type { TreeOptions } from '../core/browse/tree';
import type { Paper } from '../core/model/paper';
import type { NoteMatches } from '../core/search/library';
import type { BundledStyleId } from '../core/styles/resolve';
import * as z from '../core/util/zod';
import { CACHE_PARTS, type CachePart } from './cacheParts';
import type { WebInput } from './web';
import type { ZoteroInput } from '../core/zotero/join';
import type { CitedLinks } from '../core/web/suggest';

const text = () => z.string();
const int = () => z.int();
// A file's keys and lines: thousands of each in a large library. Checked in one loop: zod's
// array schemas, checking them one by one while the code was cold, held up the host.
const texts = () => z.custom<string[]>(v => Array.isArray(v) && v.every(k => typeof k === 'string'), 'expected a list of strings');
const ints = () => z.custom<number[]>(v => Array.isArray(v) && v.every(n => Number.isInteger(n)), 'expected a list of whole numbers');
const FORMATS = ['bibtex', 'csl-json', 'csl-yaml', 'hayagriva'] as const;

/** A paper as a row of a list (the tree, a quick pick, completion, a hover): made in the engine (rows.ts). */
export const PaperRowSchema = z.lazySchema(() => z.object({
  id: text(),
  key: text(),
  title: text(),
  /** Key, then authors and year, or organisation or date: what lists show beside the title. */
  description: text(),
  /** Authors, venue, organisation, date, upvotes: what is known besides the title, on one line. */
  meta: text(),
  /** The start of the abstract, as long as asked for ('' when none was asked for, or it has none). */
  excerpt: text(),
  /** Its entries in the user's bibliographies, the winning one first: where each is. */
  entries: z.array(z.object({ uri: text(), file: text(), line: int() })),
  /** True when Hugging Face Daily Papers lists it (the bundled corpus or a corpus file). */
  listed: z.boolean(),
  /** Its id in Semantic Scholar's graph ("arXiv:…", "DOI:…"), when it has an arXiv id or a DOI. */
  scholarId: z.optional(text()),
  /** True when it has no such id and no entry of the writer's (a bundled paper): the graph is asked for it by its title. */
  byTitle: z.optional(z.literal(true)),
}));
export type PaperRow = z.output<typeof PaperRowSchema>;
/** Where one of a paper's entries is in the user's bibliography files. */
export type EntrySpot = PaperRow['entries'][number];

const PersonSchema = z.lazySchema(() => z.object({
  family: z.optional(text()), given: z.optional(text()), particle: z.optional(text()), suffix: z.optional(text()), literal: z.optional(text()),
}));

/**
 * A whole paper (core/model/paper.ts): the corpus record and what a bibliography entry adds. Its
 * reference is checked for shape only, so the host takes the answer as the engine's `Paper`;
 * `satisfies` keeps every other field in step with it.
 */
export const LibraryPaperSchema = z.lazySchema(() => z.object({
  id: text(), key: text(), title: text(), abstract: text(),
  authorsCount: z.nullable(int()),
  organization: z.nullable(z.object({ handle: text(), name: text() })),
  date: z.nullable(text()), year: z.nullable(int()), upvotes: z.nullable(int()),
  links: z.array(text()), topics: z.array(text()),
  sources: z.array(z.object({ file: text(), line: int() })),
  authors: z.optional(z.array(PersonSchema)), moreAuthors: z.optional(z.boolean()), editors: z.optional(z.array(PersonSchema)),
  venue: z.optional(text()), doi: z.optional(text()), entryType: z.optional(text()), keywords: z.optional(z.array(text())),
  entries: z.optional(z.array(z.object({ uri: text(), file: text(), line: int(), key: text(), format: z.enum(FORMATS) }))),
  aliases: z.optional(z.array(text())),
  reference: z.optional(z.looseObject({ key: text(), line: int(), sourceType: text(), type: text() })),
  arxivId: z.optional(text()),
  web: z.optional(z.object({
    source: z.enum(['huggingface', 'arxiv', 'crossref', 'doi', 'semanticscholar']), fetched: text(), primaryClass: z.optional(text()),
    links: z.object({ abstract: z.optional(text()), pdf: z.optional(text()), code: z.optional(text()), project: z.optional(text()), discussion: z.optional(text()) }),
  })),
}) satisfies z.ZodMiniType<Omit<Paper, 'reference'>>) as unknown as z.ZodMiniType<Paper>;

const CODES = [
  'unclosed-entry', 'missing-key', 'syntax', 'unclosed-value', 'duplicate-key', 'duplicate-field', 'undefined-string',
  'stray-brace', 'stray-at', 'key-character', 'yaml',
] as const satisfies readonly NonNullable<ReadProblem['code']>[];

const ReadProblemSchema = z.lazySchema(() => z.object({
  line: int(), message: text(), severity: z.enum(['error', 'warning']), code: z.optional(z.enum(CODES)), firstLine: z.optional(int()),
}) satisfies z.ZodMiniType<ReadProblem>);

/** One bibliography file as the library last read it. */
const BibliographyFileSchema = z.lazySchema(() => z.object({
  uri: text(),
  file: text(),
  format: z.enum(FORMATS),
  /** Its entries' keys and lines, in file order. */
  keys: texts(),
  lines: ints(),
  problems: z.array(ReadProblemSchema),
}));
export type BibliographyFileReport = z.output<typeof BibliographyFileSchema>;

/** What giving the library the user's files did (`setInput`, `indexed`). */
export const InputReportSchema = z.lazySchema(() => z.object({
  corpus: z.object({ added: int(), updated: int(), problems: z.array(z.object({ file: text(), line: int(), message: text() })) }),
  bibliographies: z.object({ files: z.array(BibliographyFileSchema), added: int(), joined: int() }),
  /** How the index came about, and what changed in it. */
  index: z.object({ fromCache: z.boolean(), added: int(), changed: int(), removed: int() }),
  papers: int(),
  /**
   * Time spent reading the bibliographies: parsing them into entries (`parseMs`, after which the
   * keys answer), and that with converting the entries to papers (`readMs`: LaTeX decoded, names
   * split); and until every name was searchable (ms).
   */
  parseMs: z.number(),
  readMs: z.number(),
  searchableMs: z.number(),
  /** True when the index is new and worth caching once its full text is in (`snapshot`). */
  snapshotWanted: z.boolean(),
  /**
   * True when the corpus files came by name only and no cached library could stand for them:
   * nothing was changed, and the files' text is needed.
   */
  needsFiles: z.boolean(),
  /**
   * True in the report given as soon as the keys answer: the papers are still being joined and
   * indexed. Its counts then take each key of the entries as a paper of its own (`added`,
   * `papers`): the join may find some in the corpus.
   */
  indexing: z.optional(z.boolean()),
  /**
   * With papers from the web (`web` of setInput): each fetched paper's key by `webPaperId` (the
   * user's own for a paper the library had), the keys given now (to keep), and how many joined.
   */
  web: z.optional(z.object({ keys: z.record(text(), text()), newKeys: z.record(text(), text()), added: int(), known: int() })),
  /**
   * With Zotero's items (`zotero` of setInput): each item's key by `zoteroItemRef` (GROUP/KEY for a group's), the keys made now
   * (to keep), and how many joined. `partial`: a change was joined by itself, and `keys` holds the
   * changed items' keys only (`removed`: the items gone), so that a change of ten items does not
   * carry 20,000 keys back to the extension host.
   */
  zotero: z.optional(z.object({
    keys: z.record(text(), text()), newKeys: z.record(text(), text()), added: int(),
    partial: z.optional(z.literal(true)), removed: z.optional(z.array(text())),
  })),
}));
export type InputReport = z.output<typeof InputReportSchema>;

/**
 * Ranked rows, and the filters that leave no paper (messages to show as they are). `partial`: the
 * abstracts were not all searchable yet, so the rows may change once they are (`searchable`).
 */
export const QueryRowsSchema = z.lazySchema(() => z.object({ rows: z.array(PaperRowSchema), problems: z.array(text()), partial: z.optional(z.literal(true)) }));
export type QueryRows = z.output<typeof QueryRowsSchema>;

/** A page of every paper (`all`): the library's size and version with it. */
export const AllPapersSchema = z.lazySchema(() => z.object({ papers: z.array(LibraryPaperSchema), total: int(), version: int() }));
export type AllPapers = z.output<typeof AllPapersSchema>;

/** The Papers view's top: the bibliography files, then the groups; with the filter's outcome. */
export const TreeTopSchema = z.lazySchema(() => z.object({
  files: z.array(z.object({ id: text(), uri: text(), file: text(), count: int(), problems: int(), errors: z.boolean() })),
  groups: z.array(z.object({ id: text(), label: text(), description: z.optional(text()), count: int() })),
  // `partial`: its words were searched before every abstract was in (as a query's answer says).
  filter: z.optional(z.object({ query: text(), count: int(), problems: z.array(text()), partial: z.optional(z.literal(true)) })),
}));
export type TreeTop = z.output<typeof TreeTopSchema>;
export type FileRow = TreeTop['files'][number];
export type GroupRow = TreeTop['groups'][number];
export type { TreeOptions };

const bytes = () => z.instanceof(ArrayBuffer);

/** A snapshot: its parts as bytes, or (the worker wrote them to the paths it was given) none. */
export const SnapshotSchema = z.lazySchema(() => z.optional(z.union([
  z.object({ key: text(), papers: bytes(), names: bytes(), text: bytes(), meta: bytes() }),
  z.object({ key: text(), written: z.literal(true) }),
])));

export const MemorySchema = z.lazySchema(() => z.object({ heapMB: z.number(), externalMB: z.number(), arrayBuffersMB: z.number() }));

export interface QueryOptions {
  limit?: number;
  /** Only papers with every word (the tree's filter). */
  allWords?: boolean;
  /** Only papers with an entry in one of these bibliography files… */
  inFiles?: string[];
  /** …or only papers with none in them. */
  notInFiles?: string[];
  /** Only papers with an entry in some bibliography file. */
  withEntry?: boolean;
  /** How much of each abstract the rows carry. */
  excerpt?: number;
  /** The writer's notes (the host reads them): which papers have one, and whose notes hold the words. */
  notes?: NoteMatches;
}

/**
 * A bibliography file: its bytes; or, on the desktop, its path, for the worker to read (the host
 * then neither waits for a large file's bytes nor holds them).
 */
export interface BibliographyBytes { file: string; uri: string; bytes?: ArrayBuffer; path?: string; after?: string[] }
/**
 * A corpus file: its bytes; or, on the desktop, its path, for the worker to read (a 200 MB file
 * read on the extension host would hold it up while the bytes are gathered); or only its name
 * when the cached library stands for it.
 */
export interface CorpusBytes { file: string; bytes?: ArrayBuffer; path?: string }
export { CACHE_PARTS, type CachePart };
/**
 * A library cached by an earlier session: its parts as bytes (read by the host, on the web), or
 * on the desktop their paths, for the worker to read (and the abstracts are read from the file
 * only when a paper is shown).
 */
export type CachedBytes = { key: string } & ({ bytes: Record<CachePart, ArrayBuffer> } | { paths: Record<CachePart, string> });

/** A citation style for the engine worker: a bundled one by id, or a writer's .csl file (its XML and where it is). */
/** A style named by a document: a bundled one, or a .csl file (with, for a dependent style not bundled, its parent's file). */
export type StyleRef = { bundled: BundledStyleId } | { xml: string; file: string; parent?: { xml: string; file: string } };
/**
 * The style engine's bundle (dist/styles.js.lz), sent with a styles request when the worker asks
 * for it (`needsBundle`): its path on the desktop, where the worker reads it, or its bytes on the web.
 */
export type StylesBundle = { path: string } | { bytes: ArrayBuffer };
export type FormatOutput = 'text' | 'html' | 'markdown';
export type FormatKind = 'reference' | 'bibliography' | 'citations';

/** A .csl file the worker could not use (the default style stood in): where, and why. */
const StyleProblemSchema = z.lazySchema(() => z.object({ file: text(), line: int(), message: text() }));
export type StyleProblem = z.output<typeof StyleProblemSchema>;
/** The worker has not loaded the style engine and was not sent its bundle: ask again with it. */
const NeedsBundleSchema = z.lazySchema(() => z.object({ needsBundle: z.literal(true) }));

/** A style engine built (`styleEngine`): the style's title and locale, and the problem when the default stood in. */
export const StyleEngineInfoSchema = z.lazySchema(() => z.union([NeedsBundleSchema, z.object({
  title: text(), locale: text(), numeric: z.boolean(), problem: z.optional(StyleProblemSchema),
})]));
export type StyleEngineInfo = z.output<typeof StyleEngineInfoSchema>;

/** Formatted entries (`format`), in the style's order for a bibliography, with the keys no paper has. */
export const FormattedSchema = z.lazySchema(() => z.union([NeedsBundleSchema, z.object({
  entries: z.array(z.object({ key: text(), text: text(), error: z.optional(text()) })),
  missing: texts(),
  problem: z.optional(StyleProblemSchema),
})]));
export type Formatted = z.output<typeof FormattedSchema>;

/**
 * What every styles request carries: the style, the locale asked for (a document's `lang:`), the
 * writer's own for a style that names none (papers.citation.locale), and the bundle when the worker asked for it.
 */
export interface StyleParams { style: StyleRef; locale?: string; fallbackLocale?: string; bundle?: StylesBundle }
/**
 * Builds a style's engine; `ahead`: a citing document's keys, whose references are formatted ahead
 * in the background (the answer waits for them only with `wait`, the bench).
 */
export interface StyleEngineParams extends StyleParams { ahead?: { keys: string[]; output: FormatOutput; wait?: boolean } }
/**
 * A format request: the papers' keys, looked up in the worker's library; or (while the library is
 * the host's own bundled papers) the papers themselves, one a key, null where none has it.
 */
export interface FormatParams extends StyleParams { keys: string[]; papers?: (Paper | null)[]; output: FormatOutput; kind: FormatKind }

/**
 * Suggestions ranked in the engine worker (`suggest`, core/web/suggest.ts), best first. Each names
 * its paper by its place in the links the host sent (`from`: which cited paper, `list`, `at`), so
 * that the 2,000 papers of a project's links cross once, to the worker, and not back.
 */
export const RankedSchema = z.lazySchema(() => z.array(z.object({
  from: int(), list: z.enum(['references', 'citations']), at: int(), id: text(), citedBy: int(), cites: int(), reason: text(),
})));
export type Ranked = z.output<typeof RankedSchema>[number];

/** The fields a request carries besides its `type`: a type only (the host is trusted to send them; what comes back is checked). */
const carries = <P extends object = Record<never, never>>() => undefined as unknown as P;
const rows = () => z.array(PaperRowSchema);

/**
 * One row of the table: what the request carries, the schema of its answer (made when first
 * checked: the host does not build zod's schemas until it needs them), and whether it waits,
 * while the user's entries are being joined, for the join to end.
 */
interface RequestSpec { params: object; result: () => z.ZodMiniType; waitsForJoin: boolean }

/**
 * What the views ask the library (`Library` in the host): answered by `LibraryService.answer`,
 * in the engine worker or, with the bundled papers alone, in the extension host. What lists,
 * groups or searches papers waits for the join; what asks by key answers as soon as the user's
 * files are parsed (the keys the entries tell alone at once, the rest after the join).
 */
export const QUESTIONS = {
  query: { params: carries<{ text: string; options: QueryOptions }>(), result: () => QueryRowsSchema, waitsForJoin: true },
  // With nothing typed (completion after `\cite{`): the entries of `files` first, then the most upvoted others.
  suggestions: { params: carries<{ files: string[]; ownLimit: number; restLimit: number; excerpt: number }>(), result: rows, waitsForJoin: true },
  // One answer a key, null where none has it.
  papers: { params: carries<{ keys: string[] }>(), result: () => z.array(z.nullable(LibraryPaperSchema)), waitsForJoin: false },
  // The same as rows: all a hover card or Go to Definition shows, without the whole paper.
  rowsByKey: { params: carries<{ keys: string[]; excerpt: number }>(), result: () => z.array(z.nullable(PaperRowSchema)), waitsForJoin: false },
  // Those that exist, in the order asked.
  rows: { params: carries<{ keys: string[]; excerpt: number }>(), result: rows, waitsForJoin: true },
  related: { params: carries<{ key: string; count: number }>(), result: rows, waitsForJoin: true },
  // Every key and alias, joined by "\n".
  keys: { params: carries(), result: text, waitsForJoin: false },
  treeTop: { params: carries<{ options: TreeOptions }>(), result: () => TreeTopSchema, waitsForJoin: true },
  // `container`: `id` numbers the request.
  children: { params: carries<{ container: string; options: TreeOptions }>(), result: rows, waitsForJoin: true },
  locate: { params: carries<{ paperId: string; options: TreeOptions; preferred?: string }>(), result: () => z.nullable(text()), waitsForJoin: true },
  // A page of every paper, in corpus order: a whole large library in one answer would hold the host while it took it in.
  all: { params: carries<{ start: number; count: number }>(), result: () => AllPapersSchema, waitsForJoin: true },
  // Answered once every abstract given so far is searchable: after a `partial` answer, when to ask again.
  searchable: { params: carries(), result: () => z.null(), waitsForJoin: false },
} satisfies Record<string, RequestSpec>;

/** Every request, by `type`: the library's questions, and what the worker does for the host besides. */
export const REQUESTS = {
  // The bundled papers and their index: as the extension ships them (`library`, the raw deflate stream of
  // core/corpus/shippedFiles), decoded by the worker so that it need not wait for the host to decode
  // them; or their three parts as text. Answers the number of papers.
  load: {
    params: carries<{ library: ArrayBuffer } | { corpus: ArrayBuffer; names: ArrayBuffer; text: ArrayBuffer }>(),
    result: int, waitsForJoin: false,
  },
  // Corpus files or bibliographies left out (undefined) are the same as the worker last had them.
  // Beside `cached` under `bibliographyKey` (the whole library), the bibliographies are read only if it cannot stand for them.
  // Answered once the keys answer (the files parsed); when the report says `indexing`, 'indexed' answers once
  // every name is searchable, and until the entries are joined, the questions that wait for the join wait.
  setInput: {
    params: carries<{ corpus?: CorpusBytes[]; bibliographies?: BibliographyBytes[]; cacheKey?: string; bibliographyKey?: string; cached?: CachedBytes; web?: WebInput; zotero?: ZoteroInput }>(),
    result: () => InputReportSchema, waitsForJoin: false,
  },
  // The last setInput's report, whole.
  indexed: { params: carries(), result: () => InputReportSchema, waitsForJoin: false },
  // Snapshot: bytes transferred, or `written` when the worker wrote the parts to `paths` itself; undefined when there is none to make.
  // Only of the library under `key` (the corpus files may have changed since it was asked for).
  snapshot: { params: carries<{ key: string; paths?: Record<CachePart, string> }>(), result: () => SnapshotSchema, waitsForJoin: false },
  settled: { params: carries(), result: () => z.null(), waitsForJoin: false },
  memory: { params: carries(), result: () => MemorySchema, waitsForJoin: false },
  // No answer: the worker stops as if it had crashed (for tests of the recovery).
  exit: { params: carries(), result: () => z.null(), waitsForJoin: false },
  // Builds a style's engine (the style bundle loaded on first need), so that what formats next answers at once.
  styleEngine: { params: carries<StyleEngineParams>(), result: () => StyleEngineInfoSchema, waitsForJoin: false },
  // References formatted in a style; a long bibliography reports its progress (`{ id, progress }`) on the way.
  format: { params: carries<FormatParams>(), result: () => FormattedSchema, waitsForJoin: false },
  // What a document is missing, ranked off the extension host: its cited papers' links, and every name (`namesOf`) of what it cites already.
  suggest: { params: carries<{ links: CitedLinks[]; cited: string[]; dismissed: string[]; limit?: number }>(), result: () => RankedSchema, waitsForJoin: false },
  ...QUESTIONS,
} satisfies Record<string, RequestSpec>;

type Requests = typeof REQUESTS;
export type RequestType = keyof Requests;
export type Question = keyof typeof QUESTIONS;
/** A request of one type, as the host sends it. */
export type RequestOf<T extends RequestType> = { type: T } & Requests[T]['params'];
/** What the host asks, by `type`. */
export type Request = { [T in RequestType]: RequestOf<T> }[RequestType];
/** What each request's answer is, once checked. */
export type ResultOf<T extends RequestType> = z.output<ReturnType<Requests[T]['result']>>;

/** A request of the library's questions, of any type. */
export type QuestionRequest = { [T in Question]: RequestOf<T> }[Question];

/** Whether a request is one of the library's questions (`QUESTIONS`). */
export const isQuestion = (request: Request): request is QuestionRequest => request.type in QUESTIONS;

/** Every message the worker sends: an answer to one request, or how far it is (0 to 1). */
export const ResponseSchema = z.lazySchema(() => z.union([
  z.object({ id: int(), ok: z.literal(true), result: z.unknown() }),
  z.object({ id: int(), progress: z.number() }),
  z.object({ id: int(), ok: z.literal(false), error: text() }),
  // Not an answer: a Web Worker that stops says so first, since its host is not told otherwise.
  z.object({ stopped: text() }),
]));

export type Response = z.infer<typeof ResponseSchema>;

/** The schema of each request's result, checked where it enters the host. */
export const RESULT_SCHEMAS = z.lazySchema(() => Object.fromEntries(Object.entries(REQUESTS).map(([type, spec]) => [type, spec.result()])) as {
  [T in RequestType]: ReturnType<Requests[T]['result']>;
});
