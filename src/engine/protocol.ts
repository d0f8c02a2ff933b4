// The one definition of what the extension host and the engine worker say to each other.
// Requests go to the worker with an id; each answer comes back with that id and is checked
// here before the host uses it (an engine is a dependency that can fail). Bytes go in as
// ArrayBuffers (transferred, not copied); what comes out is rows, ids and reports, never
// the whole library.
import type { ReadProblem } from '../core/bibliography/problem';
import * as z from '../core/util/zod';
import { CACHE_PARTS, type CachePart } from './cacheParts';

const text = () => z.string();
const int = () => z.int();
// A file's keys and lines: thousands of each in a large library. Checked in one loop: zod's
// array schemas took 25 ms for 7,000 keys and lines while the code was cold, holding up the host.
const texts = () => z.custom<string[]>(v => Array.isArray(v) && v.every(k => typeof k === 'string'), 'expected a list of strings');
const ints = () => z.custom<number[]>(v => Array.isArray(v) && v.every(n => Number.isInteger(n)), 'expected a list of whole numbers');

export const PaperRowSchema = z.lazySchema(() => z.object({
  id: text(), key: text(), title: text(), description: text(), meta: text(), excerpt: text(),
  entries: z.array(z.object({ uri: text(), file: text(), line: int() })),
  listed: z.boolean(),
}));

const PersonSchema = z.lazySchema(() => z.object({
  family: z.optional(text()), given: z.optional(text()), particle: z.optional(text()), suffix: z.optional(text()), literal: z.optional(text()),
}));

/** A whole paper: the corpus record and what a bibliography entry adds (its reference is checked for shape only). */
export const LibraryPaperSchema = z.lazySchema(() => z.object({
  id: text(), key: text(), title: text(), abstract: text(),
  authorsCount: z.nullable(int()),
  organization: z.nullable(z.object({ handle: text(), name: text() })),
  date: z.nullable(text()), year: z.nullable(int()), upvotes: z.nullable(int()),
  links: z.array(text()), topics: z.array(text()),
  sources: z.array(z.object({ file: text(), line: int() })),
  authors: z.optional(z.array(PersonSchema)), moreAuthors: z.optional(z.boolean()), editors: z.optional(z.array(PersonSchema)),
  venue: z.optional(text()), doi: z.optional(text()), entryType: z.optional(text()), keywords: z.optional(z.array(text())),
  entries: z.optional(z.array(z.object({ uri: text(), file: text(), line: int(), key: text(), format: z.enum(['bibtex', 'csl-json', 'csl-yaml', 'hayagriva']) }))),
  aliases: z.optional(z.array(text())),
  reference: z.optional(z.looseObject({ key: text(), line: int(), sourceType: text(), type: text() })),
}));

const CODES = [
  'unclosed-entry', 'missing-key', 'syntax', 'unclosed-value', 'duplicate-key', 'duplicate-field', 'undefined-string',
  'stray-brace', 'stray-at', 'key-character', 'yaml',
] as const satisfies readonly NonNullable<ReadProblem['code']>[];

const ProblemSchema = z.lazySchema(() => z.object({
  line: int(), message: text(), severity: z.enum(['error', 'warning']), code: z.optional(z.enum(CODES)), firstLine: z.optional(int()),
}));

export const InputReportSchema = z.lazySchema(() => z.object({
  corpus: z.object({ added: int(), updated: int(), problems: z.array(z.object({ file: text(), line: int(), message: text() })) }),
  bibliographies: z.object({
    files: z.array(z.object({
      uri: text(), file: text(), format: z.enum(['bibtex', 'csl-json', 'csl-yaml', 'hayagriva']),
      keys: texts(), lines: ints(), problems: z.array(ProblemSchema),
    })),
    added: int(), joined: int(),
  }),
  index: z.object({ fromCache: z.boolean(), added: int(), changed: int(), removed: int() }),
  papers: int(), parseMs: z.number(), readMs: z.number(), searchableMs: z.number(), snapshotWanted: z.boolean(), needsFiles: z.boolean(), indexing: z.optional(z.boolean()),
}));

export const QueryRowsSchema = z.lazySchema(() => z.object({ rows: z.array(PaperRowSchema), problems: z.array(text()) }));

export const AllPapersSchema = z.lazySchema(() => z.object({ papers: z.array(LibraryPaperSchema), total: int(), version: int() }));

export const TreeTopSchema = z.lazySchema(() => z.object({
  files: z.array(z.object({ id: text(), uri: text(), file: text(), count: int(), problems: int(), errors: z.boolean() })),
  groups: z.array(z.object({ id: text(), label: text(), description: z.optional(text()), count: int() })),
  filter: z.optional(z.object({ query: text(), count: int(), problems: z.array(text()) })),
}));

const bytes = () => z.instanceof(ArrayBuffer);

/** A snapshot: its parts as bytes, or (the worker wrote them to the paths it was given) none. */
export const SnapshotSchema = z.lazySchema(() => z.optional(z.union([
  z.object({ key: text(), papers: bytes(), names: bytes(), text: bytes(), meta: bytes() }),
  z.object({ key: text(), written: z.literal(true) }),
])));

export const MemorySchema = z.lazySchema(() => z.object({ heapMB: z.number(), externalMB: z.number(), arrayBuffersMB: z.number() }));

/** A file as the host read it: its bytes (UTF-8), and how to name it. */
export interface FileBytes { file: string; bytes: ArrayBuffer }
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

/** What the host asks, by `type`; `result` in the comments is what comes back. */
export type Request =
  // The bundled papers and their index: as the extension ships them (`library`, the LZMA stream of
  // core/corpus/files), decoded by the worker so that it need not wait for the host to decode
  // them; or their three parts as text.
  | ({ type: 'load' } & ({ library: ArrayBuffer } | { corpus: ArrayBuffer; names: ArrayBuffer; text: ArrayBuffer })) // result: number of papers
  // Corpus files or bibliographies left out (undefined) are the same as the worker last had them.
  // Beside `cached` under `bibliographyKey` (the whole library), the bibliographies are read only if it cannot stand for them.
  // Answered once the keys answer ('papers', 'keys': the files parsed); when the report says `indexing`, 'indexed' answers once
  // every name is searchable, and until the entries are joined, what lists or searches papers waits for the join (worker.ts).
  | { type: 'setInput'; corpus?: CorpusBytes[]; bibliographies?: BibliographyBytes[]; cacheKey?: string; bibliographyKey?: string; cached?: CachedBytes } // InputReport
  | { type: 'indexed' } // InputReport: the last setInput's, whole
  | { type: 'query'; text: string; options: import('./service').QueryOptions } // QueryRows
  | { type: 'untyped'; files: string[]; ownLimit: number; restLimit: number; excerpt: number } // PaperRow[]
  | { type: 'papers'; keys: string[] } // (Paper | null)[]
  | { type: 'rows'; keys: string[]; excerpt: number } // PaperRow[]
  | { type: 'related'; key: string; count: number } // PaperRow[]
  | { type: 'keys' } // string (keys joined by "\n")
  | { type: 'treeTop'; options: import('./service').TreeOptions } // TreeTop
  | { type: 'children'; container: string; options: import('./service').TreeOptions } // PaperRow[] (`container`: `id` numbers the request)
  | { type: 'locate'; paperId: string; options: import('./service').TreeOptions; preferred?: string } // string | null
  // A page of every paper, in corpus order: a whole large library in one answer would hold the host while it took it in.
  | { type: 'all'; start: number; count: number } // AllPapers
  // Snapshot: bytes transferred, or `written` when the worker wrote the parts to `paths` itself; undefined when there is none to make.
  // Only of the library under `key` (the corpus files may have changed since it was asked for).
  | { type: 'snapshot'; key: string; paths?: Record<CachePart, string> }
  | { type: 'settled' } // null
  | { type: 'memory' } // Memory
  | { type: 'exit' }; // no answer: the worker stops as if it had crashed (for tests of the recovery)

export type RequestType = Request['type'];

/** Every message the worker sends: an answer to one request. */
export const ResponseSchema = z.lazySchema(() => z.union([
  z.object({ id: int(), ok: z.literal(true), result: z.unknown() }),
  z.object({ id: int(), ok: z.literal(false), error: text() }),
  // Not an answer: a Web Worker that stops says so first, since its host is not told otherwise.
  z.object({ stopped: text() }),
]));

export type Response = z.infer<typeof ResponseSchema>;

/** The schema of each request's result, checked where it enters the host. */
export const RESULT_SCHEMAS = z.lazySchema(() => ({
  load: int(),
  setInput: InputReportSchema,
  indexed: InputReportSchema,
  query: QueryRowsSchema,
  untyped: z.array(PaperRowSchema),
  papers: z.array(z.nullable(LibraryPaperSchema)),
  rows: z.array(PaperRowSchema),
  related: z.array(PaperRowSchema),
  keys: text(),
  treeTop: TreeTopSchema,
  children: z.array(PaperRowSchema),
  locate: z.nullable(text()),
  all: AllPapersSchema,
  snapshot: SnapshotSchema,
  settled: z.null(),
  memory: MemorySchema,
  exit: z.null(),
} satisfies Record<RequestType, z.ZodMiniType>));
