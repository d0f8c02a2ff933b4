// The CSL styles repository for `papers format --style`: a style named by its id or title
// (`--style ieee-access`, `--style "Nature Communications"`) is found in the list shipped beside
// this file (dist/csl-styles.tsv), and fetched from the repository (PAPERS_CSL_STYLES_URL, else
// raw.githubusercontent.com's copy) once: kept in the user's cache folder (PAPERS_CACHE_DIR, else
// $XDG_CACHE_HOME/papers or ~/.cache/papers), it works offline from then on. A dependent style's
// parent that is not bundled is found the same way.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CSL_STYLES_URL, fetchStyleXml, readStyleList, repositoryStyleUrl, styleFinder, type RepositoryStyle } from '../core/styles/repository';
import type { StyleSource } from '../core/styles/engine';
import { readRegularFile } from './readRegularFile';

/** The repository's style a writer names, from the list beside this file; undefined when none has that name (or the list is missing). */
export function findStyle(name: string): RepositoryStyle | undefined {
  let text: string;
  try {
    text = readFileSync(join(__dirname, 'csl-styles.tsv'), 'utf8');
  } catch {
    return undefined;
  }
  return styleFinder(readStyleList(text))(name);
}

/** Where fetched styles are kept. */
function cacheFolder(env = process.env): string {
  return join(env.PAPERS_CACHE_DIR?.trim() || join(env.XDG_CACHE_HOME?.trim() || join(homedir(), '.cache'), 'papers'), 'styles');
}

/** A style of the repository: the copy kept, else fetched and kept. Throws, saying why, when it can be had neither way. */
export async function fetchStyle(style: Pick<RepositoryStyle, 'id' | 'parent'>): Promise<StyleSource> {
  const kept = join(cacheFolder(), `${style.id}.csl`);
  const read = readRegularFile(kept);
  if ('text' in read) return { xml: read.text, file: kept };
  const url = repositoryStyleUrl(process.env.PAPERS_CSL_STYLES_URL?.trim() || CSL_STYLES_URL, style);
  let xml: string;
  try {
    xml = await fetchStyleXml(url);
  } catch (error) {
    throw new Error(`the citation style ${style.id} could not be fetched from ${url} (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    mkdirSync(cacheFolder(), { recursive: true });
    writeFileSync(kept, xml);
  } catch { /* used now, fetched again next time */ }
  return { xml, file: kept };
}
