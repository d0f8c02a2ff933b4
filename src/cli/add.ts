// `papers add ID…`: the entries of papers named by arXiv id, DOI or link, fetched from the
// services, for pasting into a bibliography. Problems go to stderr; one id that cannot be
// fetched makes the exit status 1, after the others are printed.
import { parseArgs } from 'node:util';
import { UsageError } from './commandLine';
import { print, printJson, warn } from './output';
import { bibtexEntry, cslEntry } from '../core/bibliography/paperEntry';
import { KnownPapers, paperIdText, parsePaperId, toPaper, WebError, webKey, webPaperId, type PaperId } from '../core/web';
import type { Paper } from '../core/model/paper';
import { paperService } from './web';
import { ADD_FORMATS } from './usage';

export async function add(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { format: { type: 'string' } } });
  const format = values.format ?? 'bibtex';
  if (!(ADD_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${ADD_FORMATS.join(', ')} (got "${format}")`);
  if (!positionals.length) throw new UsageError('add takes one or more arXiv ids, DOIs or links');
  const ids = positionals.map(text => {
    const id = parsePaperId(text);
    if (!id) throw new UsageError(`"${text}" is not an arXiv id, a DOI or a link to a paper`);
    return id;
  });
  const service = paperService();
  const keys = new KnownPapers([]);
  const papers: Paper[] = [];
  const fetched = new Date().toISOString();
  let failed = 0;
  for (const id of unique(ids)) {
    try {
      const found = await service.lookUp(id);
      // Two ids naming one paper (its arXiv id and its arXiv DOI) give one entry.
      if (papers.some(p => p.id === webPaperId(found))) continue;
      const key = webKey(found, keys.has);
      keys.add(key);
      papers.push(toPaper(found, key, fetched));
    } catch (error) {
      if (!(error instanceof WebError)) throw error;
      failed++;
      warn(`papers: ${paperIdText(id)}: ${error.message}`);
    }
  }
  if (papers.length) {
    if (format === 'csl-json') printJson(papers.map(cslEntry), 2);
    else print(papers.map(p => bibtexEntry(p, format as 'bibtex' | 'biblatex')).join('\n').trimEnd());
  }
  if (failed) process.exitCode = 1;
}

/** Ids in order, each once. */
function unique(ids: PaperId[]): PaperId[] {
  const seen = new Set<string>();
  return ids.filter(id => {
    const text = id.kind === 'doi' ? paperIdText(id).toLowerCase() : paperIdText(id);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}
