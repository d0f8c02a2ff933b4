// What the views show of a paper, made where the papers are (in the engine), so that only
// these few strings cross to the extension host, never whole papers by the thousand.
import { metadataLine, shortDescription } from '../core/browse/describe';
import type { Paper } from '../core/model/paper';
import { isBibliographyOnly } from '../core/bibliography/ids';
import { excerpt } from '../core/util/text';
import { scholarIdOfWork, workOfPaper } from '../core/web/scholar';
import type { PaperRow } from './protocol';

/**
 * A paper as a row (protocol.ts `PaperRow`), with the first `excerptLength` characters of its abstract.
 *
 * @example rowOf(paper, 160).excerpt.length <= 161
 */
export function rowOf(paper: Paper, excerptLength = 0): PaperRow {
  return {
    id: paper.id,
    key: paper.key,
    title: paper.title,
    description: shortDescription(paper),
    meta: metadataLine(paper),
    excerpt: excerptLength > 0 ? excerpt(paper.abstract, excerptLength) : '',
    entries: (paper.entries ?? []).map(e => ({ uri: e.uri, file: e.file, line: e.line })),
    listed: !isBibliographyOnly(paper),
    ...scholarIdOf(paper),
  };
}

/**
 * The paper's id in Semantic Scholar's graph, when it has one: the Papers view walks from it to its
 * neighbours. A paper with none and no entry of the writer's (a bundled paper, one a neighbour of
 * the same title joined, a neighbour with no arXiv id or DOI) is walked from by its title, as its details view finds it.
 */
function scholarIdOf(paper: Paper): { scholarId?: string; byTitle?: true } {
  const scholarId = scholarIdOfWork(workOfPaper(paper));
  return scholarId ? { scholarId } : paper.entries?.length ? {} : { byTitle: true };
}
