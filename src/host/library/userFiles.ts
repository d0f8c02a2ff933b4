// Giving the user's corpus files and bibliographies to the engine worker: naming them for the
// index cache, finding a cached library that stands for them, and sending the request, with the
// files' bytes (transferred, not copied) or, on the desktop, only their paths.
import type vscode = require('vscode');
import type { BibliographyBytes, CachedBytes, CorpusBytes, Request } from '../../engine/protocol';
import type { Problem } from '../../core/model/paper';
import type { BibliographyFileReport, InputReport } from '../../engine/protocol';
import type { WebInput } from '../../engine/web';
import type { ZoteroInput } from '../../core/zotero/join';
import type { EngineClient } from '../engine/client';
import { IndexCache, type CachedIndex } from './indexCache';

/** Bumped whenever the way user corpora are indexed changes, so old cached indexes are not reused. */
const INDEX_CACHE_VERSION = '5';

/**
 * A corpus file the user gave: how to name it, its size and time (which name its cached
 * library), and how to read its bytes (UTF-8), which is only done when no cached library
 * stands for it: a 200 MB file is not read at all on a window reload.
 */
export interface CorpusInput {
  file: string;
  stamp: string;
  /** Its path on a local disk, for a worker that reads files itself. */
  path?: string;
  read(): Promise<Uint8Array>;
}

/**
 * A bibliography file: how to name it, and its bytes (UTF-8) as read from disk, or, for a worker
 * that reads files itself (`PaperStore.readsFiles`), its path on a local disk.
 */
export interface BibliographyInput {
  uri: string;
  file: string;
  bytes?: Uint8Array;
  path?: string;
  after?: string[];
  /** Its size and modification time, which name the cached library that stands for it. */
  stamp?: string;
}

/** What loading the user's corpus files did. */
export interface UserCorpusReport { added: number; updated: number; problems: Problem[]; fromCache: boolean }

export interface BibliographyReport {
  files: BibliographyFileReport[];
  /** Entries that are new papers, and corpus papers that an entry joined. */
  added: number;
  joined: number;
  /** How long the last merge took to parse the files, to read them (parse and convert), and until every name was searchable (ms). */
  parseMs: number;
  readMs: number;
  searchableMs: number;
  /** The files were not read: the library a session made of them was taken from the cache. */
  fromCache: boolean;
}

/** What changed since the worker last heard: a kind left out is as it last had it. */
export interface UserFiles {
  corpus?: readonly CorpusInput[];
  bibliographies?: readonly BibliographyInput[];
  /** The papers fetched from the web (src/host/web), all of them. */
  web?: WebInput;
  /** The Zotero library's items (src/host/zotero), all of them. */
  zotero?: ZoteroInput;
}

/** What the worker answered, and the cache key its library would be written under. */
export interface Given {
  report: InputReport;
  /** Where a snapshot of this library goes, if one is wanted. */
  key: string | undefined;
  /** True when `key` names a whole library of bibliographies (cached once it stays the same a while). */
  ofBibliographies: boolean;
}

/** A copy of some bytes as an ArrayBuffer of their own, to transfer (the host keeps the bundled files for a restart). */
export const ownCopy = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer as ArrayBuffer;
/** The bytes' own ArrayBuffer when they fill it (files as read), else a copy: what can be transferred. */
const buffer = (bytes: Uint8Array): ArrayBuffer => (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer as ArrayBuffer : ownCopy(bytes));

/** A cached library's parts as buffers to transfer. */
const bytesOf = (cached: CachedIndex): { papers: ArrayBuffer; names: ArrayBuffer; text: ArrayBuffer; meta: ArrayBuffer } => ({
  papers: buffer(cached.papers), names: buffer(cached.names), text: buffer(cached.text), meta: buffer(cached.meta),
});

/**
 * Gives the worker what changed of the user's files (`files`), with a cached library that
 * stands for them where there is one. `withCorpus`: whether the user has corpus files at all
 * (given now or before). Answers once the keys answer (the report may say `indexing`).
 */
export async function giveUserFiles(
  client: EngineClient, cache: IndexCache, log: vscode.LogOutputChannel, shipped: Uint8Array, files: UserFiles, withCorpus: boolean, withWeb = false,
): Promise<Given> {
  const { corpus, bibliographies, web, zotero } = files;
  // A corpus file's library is cached between sessions, under a hash of everything it depends on.
  // Named by each file's size and modification time, not its bytes: hashing a 100 MB file here
  // would hold up the extension host (and a save changes the time anyway).
  const cacheKey = corpus?.length ? await IndexCache.hash([INDEX_CACHE_VERSION, shipped, ...corpus.flatMap(f => [f.file, f.stamp])]) : undefined;
  // With no corpus files, the whole library (the bundled papers joined with the bibliographies)
  // is cached, named by each bibliography's size and time, in the order the documents name them.
  // Not with papers from the web or Zotero: the cached library would stand for the bibliographies without them.
  const bibliographyKey = bibliographies?.length && !withCorpus && !withWeb && bibliographies.every(b => b.stamp !== undefined)
    ? await IndexCache.hash([INDEX_CACHE_VERSION, 'bibliographies', shipped, ...bibliographies.flatMap(b => [b.uri, b.stamp!, (b.after ?? []).join('\n')])])
    : undefined;
  // On the desktop the worker reads the cache (and a corpus file) itself: nothing large passes through here.
  const readsFiles = client.readsFiles;
  const located = cacheKey && readsFiles ? await cache.locate(cacheKey) : undefined;
  const cachedBytes = cacheKey && !located ? await cache.get(cacheKey) : undefined;
  // The whole library's cache: on the desktop the worker tries its paths itself, and reads the
  // files when they are missing (looking first would cost a round trip to the disk on every start).
  const wholePaths = bibliographyKey && readsFiles ? cache.paths(bibliographyKey) : undefined;
  const wholeBytes = bibliographyKey && !wholePaths ? await cache.get(bibliographyKey) : undefined;
  const send = async (withCache: boolean): Promise<InputReport> => {
    let cached: CachedBytes | undefined;
    if (withCache && cacheKey && located) cached = { key: cacheKey, paths: located };
    else if (withCache && cacheKey && cachedBytes) cached = { key: cacheKey, bytes: bytesOf(cachedBytes) };
    else if (withCache && bibliographyKey && (wholePaths || wholeBytes)) {
      cached = wholePaths ? { key: bibliographyKey, paths: wholePaths } : { key: bibliographyKey, bytes: bytesOf(wholeBytes!) };
    }
    // With a cached library the files go by name only; otherwise by path, or read now.
    const corpusBytes: CorpusBytes[] | undefined = corpus && await Promise.all(corpus.map(async (f): Promise<CorpusBytes> => {
      if (cached) return { file: f.file };
      if (f.path !== undefined && readsFiles) return { file: f.file, path: f.path };
      return { file: f.file, bytes: buffer(await f.read()) };
    }));
    // The bytes change hands (transferred, not copied): the worker owns them from here. Beside a
    // whole cached library they go too: the worker reads them only if that cannot stand for them.
    const bibs: BibliographyBytes[] | undefined = bibliographies?.map(b => ({ uri: b.uri, file: b.file, bytes: b.bytes && buffer(b.bytes), path: b.path, after: b.after }));
    const transfer = [
      ...(corpusBytes ?? []).flatMap(f => (f.bytes ? [f.bytes] : [])),
      ...(bibs ?? []).flatMap(b => (b.bytes ? [b.bytes] : [])),
      ...(cached && 'bytes' in cached ? Object.values(cached.bytes) : []),
    ];
    const request: Request = { type: 'setInput', corpus: corpusBytes, bibliographies: bibs, cacheKey, bibliographyKey, cached, web, zotero };
    return client.request(request, transfer);
  };
  const withCache = located !== undefined || cachedBytes !== undefined || wholePaths !== undefined || wholeBytes !== undefined;
  let report = await send(withCache);
  if (report.needsFiles && withCache) {
    // The corpus files' cached library could not be read (damaged, or of another format): the files are read.
    // (A whole library's cache that cannot stand for the bibliographies never comes back here: the worker reads them itself.)
    log.info('The cached library of your files could not be used; reading the files again.');
    report = await send(false);
  }
  return { report, key: cacheKey ?? bibliographyKey, ofBibliographies: bibliographyKey !== undefined };
}

/** What a merge says of the bibliographies (a library taken from the cache stands for them only with no corpus files). */
export function bibliographyReport(report: InputReport, withCorpus: boolean): BibliographyReport {
  return { ...report.bibliographies, parseMs: report.parseMs, readMs: report.readMs, searchableMs: report.searchableMs, fromCache: report.index.fromCache && !withCorpus };
}
