import * as assert from 'node:assert/strict';
import { cslEdit } from '../../../../src/core/styles/frontMatter';
import { styleInForce } from '../../../../src/core/styles/resolve';

/** The document after the edit. */
const apply = (text: string, value: string) => {
  const { start, end, insert } = cslEdit(text, value);
  return text.slice(0, start) + insert + text.slice(end);
};

suite('cslEdit: csl: in a document\'s front matter, and nothing else changed', () => {
  test('a csl: line is replaced; none is added at the end of the front matter; none made for a document without one', () => {
    assert.equal(apply('---\ntitle: T\ncsl: apa.csl # mine\nlang: de\n---\n\nText.\n', 'ieee'), '---\ntitle: T\ncsl: ieee\nlang: de\n---\n\nText.\n');
    assert.equal(apply('---\ntitle: T\n---\n\nText [@a].\n', 'ieee'), '---\ntitle: T\ncsl: ieee\n---\n\nText [@a].\n');
    assert.equal(apply('---\ntitle: T\n...\nText.\n', 'nature'), '---\ntitle: T\ncsl: nature\n...\nText.\n', 'a front matter that ends with "..."');
    assert.equal(apply('# Notes\n\nText.\n', 'styles/my journal.csl'), '---\ncsl: "styles/my journal.csl"\n---\n\n# Notes\n\nText.\n');
  });

  test('an empty front matter, Windows line ends and a byte order mark', () => {
    assert.equal(apply('---\n---\nText.\n', 'ieee'), '---\ncsl: ieee\n---\nText.\n');
    assert.equal(apply('---\r\ntitle: T\r\n---\r\nText.\r\n', 'ieee'), '---\r\ntitle: T\r\ncsl: ieee\r\n---\r\nText.\r\n');
    assert.equal(apply('\uFEFFText.\n', 'ieee'), '\uFEFF---\ncsl: ieee\n---\n\nText.\n');
  });

  test('what it writes is what the style in force reads', () => {
    for (const [text, value] of [['---\ntitle: T\n---\n', '../styles/x y.csl'], ['---\n---\n', 'vancouver'], ['Body\n', 'journal.csl'], ['---\r\ncsl: apa\r\n---\r\n', 'ieee']]) {
      const force = styleInForce({ document: apply(text, value) });
      assert.equal(force.origin, 'document', text);
      assert.equal(force.path ?? force.bundled, value, text);
    }
  });
});
