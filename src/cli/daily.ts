// `papers daily`: Hugging Face's daily papers for a day, a week or a month (the most recent
// day by default), in the site's order: one line a paper, or JSON with --json.
import { parseArgs } from 'node:util';
import { UsageError } from './commandLine';
import { print, printJson, warn } from './output';
import { fullName } from '../core/bibliography/people';
import { parsePeriod, type FetchedPaper, type Period, type PeriodKind } from '../core/web';
import { paperService } from './web';

const KINDS: PeriodKind[] = ['date', 'week', 'month'];
const FORMS: Record<PeriodKind, string> = { date: 'YYYY-MM-DD', week: 'YYYY-Www', month: 'YYYY-MM' };

export async function daily(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true,
    options: { date: { type: 'string' }, week: { type: 'string' }, month: { type: 'string' }, json: { type: 'boolean' } },
  });
  if (positionals.length) throw new UsageError('daily takes no positional arguments');
  const given = KINDS.filter(kind => values[kind] !== undefined);
  if (given.length > 1) throw new UsageError('daily takes one of --date, --week and --month');
  let period: Period | undefined;
  if (given.length) {
    const kind = given[0];
    period = parsePeriod(kind, values[kind]!);
    if (!period) throw new UsageError(`--${kind} must be ${FORMS[kind]} (got "${values[kind]}")`);
  }
  const { papers, problems } = await paperService().daily(period);
  for (const problem of problems) warn(`papers: left out ${problem}`);
  if (values.json) {
    printJson(papers.map(jsonOf), 2);
    return;
  }
  for (const p of papers) {
    const authors = p.authors.map(fullName).join(', ');
    print([p.upvotes ?? '', p.arxivId ?? '', p.title, authors, p.organization?.name ?? ''].join('\t').trimEnd());
  }
  if (!papers.length) warn('papers: no papers listed for that period');
}

/** A paper as `daily --json` prints it: what Hugging Face says, authors as names. */
function jsonOf(p: FetchedPaper): Record<string, unknown> {
  return {
    arxivId: p.arxivId, title: p.title, authors: p.authors.map(fullName), upvotes: p.upvotes, organization: p.organization?.name,
    published: p.issued && [p.issued.year, p.issued.month, p.issued.day].filter(n => n !== undefined).map(n => String(n).padStart(2, '0')).join('-'),
    listed: p.listed, links: p.links,
  };
}
