// Typst's citations as its compiler reads them.
import * as assert from 'node:assert/strict';
import { findCitations } from '../../../../../src/core/cite/scan';
import { keysOf } from './marked';

suite('findCitations: Typst', () => {
  test('Typst: references, supplements, #cite with a label, not in raw text, comments, strings or labels', () => {
    const text = 'See @a and @b[p. 3] @c. #cite(<d>) #cite(label("e")) #ref(<f>)';
    assert.deepEqual(keysOf(text, 'typst'), ['a', 'b', 'c', 'd', 'e', 'f']);
    assert.deepEqual(findCitations('#cite(label("e"))', 'typst')[0].keys, [{ key: 'e', start: 13, end: 14 }]);
    assert.deepEqual(keysOf('`@no` ```\n@no\n``` // @no\n/* @no /* nested */ @no */ <label> \\@no $@no$ @a\n#let x = "@no"\n@b', 'typst'), ['a', 'b']);
    assert.deepEqual(keysOf('#figure([see @a], caption: [after @b]) #text(red)[@c] https://x.org/@no', 'typst'), ['a', 'b', 'c']);
  });
});
