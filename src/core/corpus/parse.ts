import type { Organization, Problem, Source } from '../model/paper';
import { squash } from '../util/text';

/** One entry as a page prints it, before copies of the same paper are merged. */
export interface PageEntry {
  title: string;
  abstract: string;
  authorsCount: number | null;
  organization: Organization | null;
  date: string | null;
  year: number | null;
  upvotes: number | null;
  source: Source;
}

export interface ParsedPage {
  file: string;
  /** The date the page was saved on: not the date of any paper on it. */
  pageDate: string | null;
  entries: PageEntry[];
  problems: Problem[];
}

/** Titles on Daily Papers are under 200 characters; abstracts run to thousands. */
export const MAX_TITLE_LENGTH = 300;

const HEADER_LINES = new Set([
  'new', 'get trending papers in your email inbox!', 'subscribe', 'daily papers', 'byak and the research community',
]);
const MONTHS = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';
// "Oct 29", "Oct 29 1" (1 upvote), "Nov 3, 2024", "Nov 3, 2024 3". A title such as
// "Decision Mamba" or "Octo-planner" starts like a month but never matches this.
const DATE_LINE = new RegExp(`^(${MONTHS}) (\\d{1,2})(?:, (\\d{4}))?(?: (\\d+))?$`);
const AUTHORS_LINE = /^•\s*(\d+)\s+authors?$/;
const SEPARATOR = '·';

interface Line { text: string; line: number }
type Block = Line[];

interface DateInfo { date: string; year: number | null; upvotes: number | null }

function parseDate(text: string): DateInfo | null {
  const m = DATE_LINE.exec(text);
  if (!m) return null;
  const day = Number(m[2]);
  if (day < 1 || day > 31) return null;
  const year = m[3] ? Number(m[3]) : null;
  if (year !== null && (year < 1900 || year > 2100)) return null;
  return {
    date: year === null ? `${m[1]} ${day}` : `${m[1]} ${day}, ${year}`,
    year,
    upvotes: m[4] !== undefined ? Number(m[4]) : null,
  };
}

function parseAuthors(text: string): number | null {
  const m = AUTHORS_LINE.exec(text);
  const n = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** "apple Apple" → {handle: apple, name: Apple}; a single word is both. */
function parseOrganization(text: string): Organization {
  const space = text.indexOf(' ');
  if (space < 0) return { handle: text, name: text };
  return { handle: text.slice(0, space), name: text.slice(space + 1).trim() || text.slice(0, space) };
}

function toBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block = [];
  // Pages saved on Windows or by hand may use CRLF, may lack a final newline, or may carry a BOM.
  text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = squash(raw);
    if (line === '') {
      if (current.length) blocks.push(current);
      current = [];
    } else {
      current.push({ text: line, line: i + 1 });
    }
  });
  if (current.length) blocks.push(current);
  return blocks;
}

const isHeader = (b: Block) => b.length === 1 && HEADER_LINES.has(b[0].text.toLowerCase());
const isDateOnly = (b: Block) => b.length === 1 && parseDate(b[0].text) !== null;

/** A metadata block carries the "·" separator, or is only an author count or a date. */
function isMetadata(b: Block): boolean {
  return b.some(l => l.text === SEPARATOR) || b.every(l => parseAuthors(l.text) !== null || parseDate(l.text) !== null);
}

type Metadata = Pick<PageEntry, 'authorsCount' | 'organization' | 'date' | 'year' | 'upvotes'>;

function parseMetadata(b: Block): Metadata | Problem {
  const meta: Metadata = { authorsCount: null, organization: null, date: null, year: null, upvotes: null };
  const sep = b.findIndex(l => l.text === SEPARATOR);
  const before = sep < 0 ? b.filter(l => parseDate(l.text) === null) : b.slice(0, sep);
  const after = sep < 0 ? b.filter(l => parseDate(l.text) !== null) : b.slice(sep + 1);
  for (const l of before) {
    const authors = parseAuthors(l.text);
    if (authors !== null && meta.authorsCount === null) meta.authorsCount = authors;
    else if (authors === null && meta.organization === null && !l.text.startsWith('•')) meta.organization = parseOrganization(l.text);
    else return { file: '', line: l.line, message: `unexpected metadata line "${l.text}"` };
  }
  if (after.length !== 1) {
    const at = after[1] ?? b[b.length - 1];
    return { file: '', line: at.line, message: `expected one date line such as "Oct 29" or "Nov 3, 2024 3" after "${SEPARATOR}"` };
  }
  const date = parseDate(after[0].text);
  if (!date) {
    return { file: '', line: after[0].line, message: `expected a date such as "Oct 29" or "Nov 3, 2024 3", found "${after[0].text}"` };
  }
  return { ...meta, ...date };
}

const isProblem = (x: Metadata | Problem): x is Problem => 'message' in x;

/**
 * Parses one saved Daily Papers page. Never throws: a malformed entry becomes a
 * problem with its file and line, and parsing goes on with the next entry.
 *
 * @example parsePage('Title\n\nAbstract.\n\n  • 3 authors\n·\nOct 29 1', 'page.txt').entries[0].upvotes === 1
 */
export function parsePage(text: string, file: string): ParsedPage {
  const blocks = toBlocks(text);
  const entries: PageEntry[] = [];
  const problems: Problem[] = [];
  const problem = (line: number, message: string) => problems.push({ file, line, message });
  let pageDate: string | null = null;

  let i = 0;
  let sawHeader = false;
  while (i < blocks.length && isHeader(blocks[i])) { i++; sawHeader = true; }
  // The page's own date follows its header; it belongs to no paper.
  if (i < blocks.length && isDateOnly(blocks[i]) && (sawHeader || i === 0) && blocks[i + 1]?.length === 1 && !isMetadata(blocks[i + 1])) {
    pageDate = parseDate(blocks[i][0].text)!.date;
    i++;
  }

  while (i < blocks.length) {
    const head = blocks[i];
    if (isHeader(head)) { i++; continue; }
    if (isMetadata(head)) {
      problem(head[0].line, 'metadata block without a paper before it');
      i++;
      continue;
    }
    if (head.length > 1) {
      problem(head[0].line, 'expected a title line followed by a blank line, found several lines together');
      i++;
      continue;
    }
    const title = head[0];
    if (title.text.length > MAX_TITLE_LENGTH) {
      problem(title.line, `expected a title, found a line of ${title.text.length} characters (an abstract without its title?)`);
      i++;
      continue;
    }
    const body = blocks[i + 1];
    const afterBody = blocks[i + 2];
    const bodyLooksLikeTitle = body?.length === 1 && body[0].text.length <= MAX_TITLE_LENGTH;
    const nextLooksLikeAbstract = afterBody?.length === 1 && afterBody[0].text.length > MAX_TITLE_LENGTH;
    if (!body || body.length > 1 || isMetadata(body) || isHeader(body) || (bodyLooksLikeTitle && nextLooksLikeAbstract)) {
      problem(title.line, `paper "${title.text}" has no abstract`);
      i++;
      continue;
    }
    i += 2;
    let meta: Metadata = { authorsCount: null, organization: null, date: null, year: null, upvotes: null };
    if (i < blocks.length && isMetadata(blocks[i])) {
      const parsed = parseMetadata(blocks[i]);
      i++;
      if (isProblem(parsed)) {
        problem(parsed.line, `${parsed.message} (paper "${title.text}" at line ${title.line} skipped)`);
        continue;
      }
      meta = parsed;
    }
    entries.push({ title: title.text, abstract: body[0].text, ...meta, source: { file, line: title.line } });
  }
  return { file, pageDate, entries, problems };
}
