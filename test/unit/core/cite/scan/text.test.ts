// The line-start table every reader turns offsets into lines with.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { LineStarts } from '../../../../../src/core/util/lineStarts';

suite('LineStarts: an offset\'s 1-based line', () => {
  test('as counting the line breaks before it would say, at every offset (fast-check)', () => {
    fc.assert(fc.property(fc.stringMatching(/^[ab\n\r]{0,60}$/), text => {
      const lines = new LineStarts(text);
      for (let offset = 0; offset <= text.length; offset++) assert.equal(lines.lineOf(offset), text.slice(0, offset).split('\n').length, `${JSON.stringify(text)} at ${offset}`);
    }), { numRuns: 300 });
  });

  test('a line break belongs to the line it ends; the text\'s end to its last line', () => {
    const lines = new LineStarts('ab\n\ncd\r\n');
    assert.deepEqual([0, 2, 3, 4, 6, 7, 8].map(offset => lines.lineOf(offset)), [1, 1, 2, 3, 3, 3, 4]);
    assert.equal(new LineStarts('').lineOf(0), 1);
  });
});
