// The arXiv API (export.arxiv.org/api/query): an Atom feed, read with a real XML parser
// (@rgrove/parse-xml: small, strict, no DOM, so it runs in a Web Worker too). Elements are
// matched by the names arXiv writes, `arxiv:` prefix included, as its documentation gives them.
import { parseXml, type XmlElement, type XmlNode } from '@rgrove/parse-xml';
import { arxivDoi } from './identifiers';
import { httpsLink, isoDay, personFromName, plainText, ReadError, type FetchedPaper } from './record';
import type { Person } from '../model/reference';

/**
 * The query URL for papers by arXiv id (versions allowed), as many as one request may ask.
 *
 * @example arxivQueryUrl('https://export.arxiv.org', ['1605.08386']) === 'https://export.arxiv.org/api/query?id_list=1605.08386&max_results=1'
 */
export function arxivQueryUrl(base: string, ids: readonly string[]): string {
  return `${base.replace(/\/+$/, '')}/api/query?id_list=${ids.map(encodeURIComponent).join(',')}&max_results=${ids.length}`;
}

const childrenNamed = (node: XmlElement, name: string) => node.children.filter((c: XmlNode): c is XmlElement => c.type === 'element' && (c as XmlElement).name === name);
const child = (node: XmlElement, name: string) => childrenNamed(node, name)[0];

/** The id and version in an entry's `<id>` (`http://arxiv.org/abs/1605.08386v1`). */
const ENTRY_ID = /arxiv\.org\/abs\/(.+?)(?:v(\d+))?$/;

function readEntry(entry: XmlElement): FetchedPaper {
  const idText = plainText(child(entry, 'id')?.text) ?? '';
  if (/\/api\/errors/.test(idText)) throw new ReadError(`arXiv says: ${plainText(child(entry, 'summary')?.text) ?? 'error'}`);
  const id = ENTRY_ID.exec(idText)?.[1];
  const title = plainText(child(entry, 'title')?.text);
  if (!id || !title) throw new ReadError(`an entry has no ${id ? 'title' : 'arXiv id'}`);
  const authors = childrenNamed(entry, 'author').flatMap((a): Person[] => {
    const name = plainText(child(a, 'name')?.text);
    const person = name ? personFromName(name) : undefined;
    return person ? [person] : [];
  });
  const links = childrenNamed(entry, 'link');
  const linkTo = (test: (link: XmlElement) => boolean) => httpsLink(links.find(test)?.attributes.href);
  const abstractLink = linkTo(l => l.attributes.rel === 'alternate') ?? `https://arxiv.org/abs/${id}`;
  const paper: FetchedPaper = {
    source: 'arxiv',
    title,
    authors,
    type: 'article',
    arxivId: id,
    doi: plainText(child(entry, 'arxiv:doi')?.text) ?? arxivDoi(id),
    links: { abstract: abstractLink.replace(/v\d+$/, ''), pdf: linkTo(l => l.attributes.title === 'pdf')?.replace(/v\d+$/, '') },
  };
  const issued = isoDay(child(entry, 'published')?.text);
  if (issued) paper.issued = issued;
  const abstract = plainText(child(entry, 'summary')?.text);
  if (abstract) paper.abstract = abstract;
  const primaryClass = plainText(child(entry, 'arxiv:primary_category')?.attributes.term);
  if (primaryClass) paper.primaryClass = primaryClass;
  const venue = plainText(child(entry, 'arxiv:journal_ref')?.text);
  if (venue) paper.venue = venue;
  if (!paper.links.pdf) delete paper.links.pdf;
  return paper;
}

/**
 * The papers of an arXiv Atom feed, in its order; none when arXiv knows none of the ids.
 * Throws `ReadError` for text that is not XML, not an Atom feed, or arXiv's error entry.
 *
 * @example readArxivFeed(atom)[0] → { source: 'arxiv', title: 'Heat-bath random walks with Markov bases', arxivId: '1605.08386', primaryClass: 'math.CO', … }
 */
export function readArxivFeed(xml: string): FetchedPaper[] {
  let root: XmlElement | null;
  try {
    root = parseXml(xml).root;
  } catch (error) {
    throw new ReadError(`not XML (${(error as Error).message.split('\n')[0]})`);
  }
  if (!root || root.name !== 'feed') throw new ReadError('not an Atom feed');
  return childrenNamed(root, 'entry').map(readEntry);
}
