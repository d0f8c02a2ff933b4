import * as assert from 'node:assert/strict';
import { isPast, parsePeriod, periodDays, periodText, shiftPeriod, weekOf, type Period } from '../../../../src/core/web/period';

const day = (value: string): Period => ({ kind: 'date', value });
const week = (value: string): Period => ({ kind: 'week', value });
const month = (value: string): Period => ({ kind: 'month', value });

suite('web: days, ISO weeks and months', () => {
  test('real ones parse; others do not', () => {
    assert.deepEqual(parsePeriod('date', ' 2024-02-29 '), day('2024-02-29'));
    assert.deepEqual(parsePeriod('week', '2020-W53'), week('2020-W53'));
    assert.deepEqual(parsePeriod('month', '2024-12'), month('2024-12'));
    for (const [kind, text] of [['date', '2023-02-29'], ['date', '2024-13-01'], ['date', '2024-1-5'], ['week', '2021-W53'], ['week', '2024-W00'], ['week', '2024W03'], ['month', '2024-13'], ['month', '2024-00']] as const) {
      assert.equal(parsePeriod(kind, text), undefined, `${kind} ${text}`);
    }
  });

  test('first and last days', () => {
    assert.deepEqual(periodDays(week('2024-W01')), { first: '2024-01-01', last: '2024-01-07' });
    assert.deepEqual(periodDays(week('2021-W01')), { first: '2021-01-04', last: '2021-01-10' });
    assert.deepEqual(periodDays(week('2020-W53')), { first: '2020-12-28', last: '2021-01-03' });
    assert.deepEqual(periodDays(month('2024-02')), { first: '2024-02-01', last: '2024-02-29' });
    assert.deepEqual(periodDays(day('2025-01-15')), { first: '2025-01-15', last: '2025-01-15' });
  });

  test('before and after, across months, years and week 53', () => {
    assert.deepEqual(shiftPeriod(day('2024-03-01'), -1), day('2024-02-29'));
    assert.deepEqual(shiftPeriod(day('2024-12-31'), 1), day('2025-01-01'));
    assert.deepEqual(shiftPeriod(week('2020-W53'), 1), week('2021-W01'));
    assert.deepEqual(shiftPeriod(week('2021-W01'), -1), week('2020-W53'));
    assert.deepEqual(shiftPeriod(month('2024-01'), -1), month('2023-12'));
    assert.deepEqual(shiftPeriod(month('2024-12'), 13), month('2026-01'));
    assert.equal(weekOf(new Date(Date.UTC(2025, 0, 15))), '2025-W03');
    assert.equal(weekOf(new Date(Date.UTC(2027, 0, 1))), '2026-W53');
  });

  test('over or not, and as the views name them', () => {
    assert.equal(isPast(day('2025-01-14'), '2025-01-15'), true);
    assert.equal(isPast(day('2025-01-15'), '2025-01-15'), false);
    assert.equal(isPast(week('2025-W03'), '2025-01-19'), false);
    assert.equal(isPast(week('2025-W03'), '2025-01-20'), true);
    assert.equal(isPast(month('2025-01'), '2025-01-31'), false);
    assert.equal(periodText(week('2025-W03')), 'week 2025-W03');
    assert.equal(periodText(day('2025-01-15')), '2025-01-15');
  });
});
