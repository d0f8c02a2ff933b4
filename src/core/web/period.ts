// The spans of time Hugging Face lists daily papers for: a day (YYYY-MM-DD), an ISO week
// (YYYY-Www) or a month (YYYY-MM), with the calendar arithmetic the views need (the day
// before, the week after) and whether a span is over, which decides what the cache keeps.

export type PeriodKind = 'date' | 'week' | 'month';

/** A day, an ISO week or a month, written as the daily papers API takes it. */
export interface Period {
  kind: PeriodKind;
  value: string;
}

const PATTERNS: Record<PeriodKind, RegExp> = {
  date: /^(\d{4})-(\d{2})-(\d{2})$/,
  week: /^(\d{4})-W(\d{2})$/,
  month: /^(\d{4})-(\d{2})$/,
};

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

/** A UTC date as YYYY-MM-DD. */
export const dayText = (date: Date): string => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));

/** The Monday of ISO week 1: the week with the year's first Thursday. */
function weekOneMonday(year: number): Date {
  const jan4 = utc(year, 1, 4);
  return new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * DAY_MS);
}

/** How many ISO weeks a year has: 53 when it starts on a Thursday, or is a leap year starting on a Wednesday. */
const weeksIn = (year: number) => (weekOneMonday(year + 1).getTime() - weekOneMonday(year).getTime()) / (7 * DAY_MS);

/** The ISO week of a day, as YYYY-Www. */
export function weekOf(date: Date): string {
  const thursday = new Date(date.getTime() + (3 - ((date.getUTCDay() + 6) % 7)) * DAY_MS);
  const year = thursday.getUTCFullYear();
  return `${year}-W${pad(Math.floor((thursday.getTime() - weekOneMonday(year).getTime()) / (7 * DAY_MS)) + 1)}`;
}

/**
 * A period from what a user or a command line gives, or undefined when it is not a real day,
 * week or month.
 *
 * @example parsePeriod('week', '2024-W03') → { kind: 'week', value: '2024-W03' }
 * @example parsePeriod('date', '2024-02-30') === undefined
 */
export function parsePeriod(kind: PeriodKind, text: string): Period | undefined {
  const value = text.trim();
  const m = PATTERNS[kind].exec(value);
  if (!m) return undefined;
  const [year, second, third] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (kind === 'date') return dayText(utc(year, second, third)) === value ? { kind, value } : undefined;
  if (kind === 'week') return second >= 1 && second <= weeksIn(year) ? { kind, value } : undefined;
  return second >= 1 && second <= 12 ? { kind, value } : undefined;
}

/**
 * The first and last day of a period (YYYY-MM-DD).
 *
 * @example periodDays({ kind: 'week', value: '2024-W01' }) → { first: '2024-01-01', last: '2024-01-07' }
 */
export function periodDays(period: Period): { first: string; last: string } {
  const m = PATTERNS[period.kind].exec(period.value);
  if (!m) throw new Error(`not a ${period.kind}: ${period.value}`);
  const [year, second] = [Number(m[1]), Number(m[2])];
  if (period.kind === 'date') return { first: period.value, last: period.value };
  if (period.kind === 'month') return { first: dayText(utc(year, second, 1)), last: dayText(utc(year, second + 1, 0)) };
  const monday = new Date(weekOneMonday(year).getTime() + (second - 1) * 7 * DAY_MS);
  return { first: dayText(monday), last: dayText(new Date(monday.getTime() + 6 * DAY_MS)) };
}

/**
 * True when a period ended before `today` (YYYY-MM-DD): its papers will not change, so a
 * fetched copy is kept for good.
 */
export const isPast = (period: Period, today: string): boolean => periodDays(period).last < today;

/**
 * The period `steps` days, weeks or months after this one (before it when negative).
 *
 * @example shiftPeriod({ kind: 'date', value: '2024-03-01' }, -1) → { kind: 'date', value: '2024-02-29' }
 */
export function shiftPeriod(period: Period, steps: number): Period {
  const { first } = periodDays(period);
  const [year, month, day] = first.split('-').map(Number);
  if (period.kind === 'date') return { kind: 'date', value: dayText(utc(year, month, day + steps)) };
  if (period.kind === 'month') {
    const start = utc(year, month + steps, 1);
    return { kind: 'month', value: `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}` };
  }
  return { kind: 'week', value: weekOf(utc(year, month, day + 7 * steps)) };
}

/** A period as the views name it: "2024-01-15", "week 2024-W03", "month 2024-01". */
export const periodText = (period: Period): string => (period.kind === 'date' ? period.value : `${period.kind} ${period.value}`);
