// The Daily Papers node of the Papers view: a day's (week's, month's) papers from Hugging Face,
// in the site's order or by date, joined to the library so that they are searched, opened and
// cited like any paper. Fetched only once the user opens the node (never at activation); a day
// that is over comes from the cache; offline, the cache is shown with its date and why.
import vscode = require('vscode');
import type { FetchedPaper, Period } from '../../core/web';
import { engine } from '../engine/load';
import { Commands } from '../ids';
import type { DailyRows, DailySource } from '../common/treeNodes';
import type { PaperStore } from '../library/store';
import { Disposable } from '../util/dispose';
import { withProgress, type WebPapers } from './papers';

/** How the papers of a period are ordered: as the site ranks them (by upvotes), or newest first. */
export type DailySort = 'upvotes' | 'date';

/** The user's day as YYYY-MM-DD (the site's days are UTC days; the cache's "is it over" is the user's). */
const today = (): string => {
  const now = new Date();
  return engine().web.dayText(new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())));
};

/** A date, week or month as the user types it. */
export function periodFromText(text: string): Period | undefined {
  const value = text.trim();
  return engine().web.parsePeriod(/W/i.test(value) ? 'week' : /^\d{4}-\d{2}$/.test(value) ? 'month' : 'date', value.toUpperCase());
}

const byDate = (a: FetchedPaper, b: FetchedPaper) => {
  const day = (p: FetchedPaper) => (p.issued ? p.issued.year * 10_000 + (p.issued.month ?? 0) * 100 + (p.issued.day ?? 0) : 0);
  return day(b) - day(a);
};

/** How many days back an empty day looks for one that has papers (a weekend, a holiday). */
const DAYS_BACK = 7;

interface Shown {
  period: Period;
  papers: FetchedPaper[];
  /** For a day without papers: the nearest day before it that has some, and how many. */
  earlier?: { period: Period; count: number };
  /** Each paper's key in the library, by `webPaperId`. */
  keys: Map<string, string>;
  fetched: string;
  note?: string;
}

export class DailyPapers extends Disposable implements DailySource {
  readonly #changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.#changed.event;
  /** The period asked for; undefined: the site's most recent day. */
  #period: Period | undefined;
  #sort: DailySort = 'upvotes';
  #opened = false;
  #loading: Promise<void> | undefined;
  #shown: Shown | undefined;
  #problem: string | undefined;

  constructor(private readonly web: WebPapers, private readonly store: PaperStore, private readonly log: vscode.LogOutputChannel) {
    super();
  }

  get enabled(): boolean {
    return this.web.enabled;
  }

  get period(): Period | undefined {
    return this.#shown?.period ?? this.#period;
  }

  get description(): string {
    if (!this.#opened) return 'Hugging Face';
    if (this.#loading) return this.#period ? `${engine().web.periodText(this.#period)} · fetching…` : 'fetching…';
    if (!this.#shown) return this.#problem ? 'could not fetch' : '';
    const { period, papers, note } = this.#shown;
    const count = papers.length ? `${papers.length} ${papers.length === 1 ? 'paper' : 'papers'}` : 'no papers';
    return `${engine().web.periodText(period)} · ${count}${this.#sort === 'date' ? ' · by date' : ''}${note ? ' · offline' : ''}`;
  }

  get tooltip(): string {
    const shown = this.#shown;
    const when = shown ? `\nFetched ${shown.fetched.slice(0, 16).replace('T', ' ')} UTC.` : '';
    return `Hugging Face Daily Papers: the papers of a day, ranked as the site ranks them.${when}${shown?.note ? `\n${shown.note}` : ''}`;
  }

  /** The user opened the node: the papers are fetched (or taken from the cache). */
  open(): Promise<void> {
    this.#opened = true;
    if (!this.#shown && !this.#loading) this.#load();
    return this.#loading ?? Promise.resolve();
  }

  /** Shows another period: the one before or after, or one the user picked. */
  show(period: Period | undefined): Promise<void> {
    this.#period = period;
    this.#opened = true;
    this.#load();
    return this.#loading!;
  }

  step(steps: number): Promise<void> {
    const current = this.period ?? { kind: 'date', value: today() };
    return this.show(engine().web.shiftPeriod(current, steps));
  }

  sortBy(sort: DailySort): void {
    this.#sort = sort;
    this.#changed.fire();
  }

  get sort(): DailySort {
    return this.#sort;
  }

  async rows(): Promise<DailyRows | undefined> {
    if (!this.#opened) return undefined;
    if (this.#loading) return { rows: [], note: 'Fetching the papers from Hugging Face…' };
    const shown = this.#shown;
    if (!shown) return { rows: [], note: this.#problem };
    if (!shown.papers.length) return this.#empty(shown);
    const papers = this.#sort === 'date' ? [...shown.papers].sort(byDate) : shown.papers;
    const keys = papers.map(p => shown.keys.get(engine().web.webPaperId(p))).filter((k): k is string => !!k);
    const library = await this.store.library();
    const rows = library ? await library.rows(keys) : [];
    const upvotes = new Map(papers.map(p => [shown.keys.get(engine().web.webPaperId(p)), p.upvotes]));
    return { rows: rows.map(row => ({ row, upvotes: upvotes.get(row.key) })), note: shown.note };
  }

  /** A period without papers says so, and offers the nearest day before it that has some. */
  #empty({ period, earlier, note }: Shown): DailyRows {
    const { periodText } = engine().web;
    const offer = earlier && {
      title: `Show ${periodText(earlier.period)} (${earlier.count} ${earlier.count === 1 ? 'paper' : 'papers'})`,
      command: Commands.showDailyPapers, arguments: [earlier.period.value],
    };
    const none = `Hugging Face lists no papers for ${periodText(period)}${period.kind === 'date' ? ' (papers are listed on weekdays)' : ''}.`;
    return { rows: [], note: note ? `${note} ${none}` : none, offer };
  }

  #load(): void {
    const run = this.#fetch().catch(error => {
      this.#problem = this.web.problem(error);
      this.#shown = undefined;
      if (this.#problem) {
        this.log.warn(`Daily Papers: ${this.#problem}`);
        void vscode.window.showWarningMessage(`Papers could not fetch Daily Papers: ${this.#problem}`);
      }
    }).finally(() => {
      if (this.#loading === run) this.#loading = undefined;
      this.#changed.fire();
    });
    this.#loading = run;
    this.#changed.fire();
  }

  async #fetch(): Promise<void> {
    const service = this.web.service();
    const asked = this.#period;
    const { cache } = this.web;
    const title = `Papers: fetching Daily Papers${asked ? ` for ${engine().web.periodText(asked)}` : ''}…`;
    const cached = await withProgress(title, async signal => {
      if (asked) return { period: asked, ...(await cache.daily(asked, today(), async () => (await service.daily(asked, { signal })).papers)) };
      // The most recent day: the site says which it is (the day its papers were listed), and it is kept under that day.
      let latest;
      try {
        latest = await service.daily(undefined, { signal });
      } catch (error) {
        // Offline: the most recent day fetched before, from the cache, with why.
        const day = await this.web.latestDay();
        if (!day || !(error instanceof engine().web.WebError) || error.kind === 'cancelled') throw error;
        const period: Period = { kind: 'date', value: day };
        const cached = await cache.daily(period, today(), () => Promise.reject(error));
        return { period, ...cached, error: cached.error ?? error };
      }
      const day = latest.papers.find(p => p.listed)?.listed ?? today();
      await this.web.rememberLatestDay(day);
      const period: Period = { kind: 'date', value: day };
      return { period, ...(await cache.daily(period, today(), () => Promise.resolve(latest.papers))) };
    });
    if (asked !== this.#period) return;
    const earlier = cached.value.length || cached.period.kind !== 'date' ? undefined : await this.#earlier(cached.period).catch(() => undefined);
    if (asked !== this.#period) return;
    const note = cached.error
      ? `Offline (${this.web.problem(cached.error) ?? cached.error.message}): the papers as fetched on ${cached.fetched.slice(0, 10)}.`
      : undefined;
    if (note) void vscode.window.showWarningMessage(`Papers: ${note}`);
    const keys = await this.web.join(`daily-${cached.period.kind}-${cached.period.value}`, cached.value, cached.fetched);
    this.#problem = undefined;
    this.#shown = { period: cached.period, papers: cached.value, keys, fetched: cached.fetched, note, earlier };
  }

  /** The nearest day before `period` that has papers (from the cache, else fetched), up to a week back. */
  async #earlier(period: Period): Promise<Shown['earlier']> {
    const service = this.web.service();
    for (let back = 1; back <= DAYS_BACK; back++) {
      const day = engine().web.shiftPeriod(period, -back);
      const { value } = await this.web.cache.daily(day, today(), async () => (await service.daily(day)).papers);
      if (value.length) return { period: day, count: value.length };
    }
    return undefined;
  }

  /** Back to the node as it was before it was opened (the network was turned off). */
  reset(): void {
    this.#opened = false;
    this.#period = undefined;
    this.#shown = undefined;
    this.#problem = undefined;
    this.#changed.fire();
  }
}
