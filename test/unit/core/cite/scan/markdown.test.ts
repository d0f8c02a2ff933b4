// Markdown's citations as pandoc reads them.
import * as assert from 'node:assert/strict';
import { findCitations } from '../../../../../src/core/cite/scan';
import { keysOf } from './marked';

suite('findCitations: Markdown as pandoc reads it', () => {
  test('the key grammar: internal punctuation, trailing punctuation left out, Unicode letters, braced keys', () => {
    assert.deepEqual(keysOf('@Foo_bar.baz. @Foo_bar--baz @a:b/c-d+e?f<g>h~i#j$k%l&m @a.. @1990 @_x', 'pandoc'), ['Foo_bar.baz', 'Foo_bar', 'a:b/c-d+e?f<g>h~i#j$k%l&m', 'a', '1990', '_x']);
    assert.deepEqual(keysOf('@Müller2019 wrote; @日本語 too; @a\u0301b is cut', 'pandoc'), ['Müller2019', '日本語', 'a']);
    const text = 'See [@{https://example.com/bib?x=1}, p. 33] and @{Foo_bar.baz.}.';
    assert.deepEqual(findCitations(text, 'pandoc').flatMap(c => c.keys), [
      { key: 'https://example.com/bib?x=1', start: 7, end: 34 },
      { key: 'Foo_bar.baz.', start: text.indexOf('Foo_bar'), end: text.indexOf('Foo_bar') + 12 },
    ]);
    assert.deepEqual(keysOf('@{a b} @{k{x}y} @http://x.org/a', 'pandoc'), ['k{x}y', 'http://x.org/a']);
  });

  test('bracketed citations: prefixes, locators, suppressed authors, each item a key; offsets of the list', () => {
    const text = 'Blah [see @doe99, pp. 33-35 and *passim*; -@smith04, chap. 1].';
    const [citation] = findCitations(text, 'pandoc');
    assert.deepEqual(citation.keys.map(k => k.key), ['doe99', 'smith04']);
    assert.equal(citation.bracketed, true);
    assert.equal(text.slice(citation.listStart, citation.listEnd), 'see @doe99, pp. 33-35 and *passim*; -@smith04, chap. 1');
    assert.deepEqual(keysOf('@smith04 [p. 33] says blah.', 'pandoc'), ['smith04']);
    // Not one citation (a part without a key, a link, a span): its keys are in-text citations.
    for (const t of ['[@a; nokey]', '[@a](https://x.org)', '[@a]{.mark}', '[see; @a]']) {
      assert.deepEqual(findCitations(t, 'pandoc').map(c => [c.keys.map(k => k.key), c.bracketed]), [[['a'], false]], t);
    }
  });

  test('no citation after a string: e-mail addresses, "x.@a", "*x*@a"; one after other punctuation', () => {
    assert.deepEqual(keysOf('me@example.com first.last@uni.edu x.@no x..@no *x*@no **x**@no', 'pandoc'), []);
    assert.deepEqual(keysOf('x_@a x...@b a-@c (@d) "@e" a@@f https://x.org/@g', 'pandoc'), ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  });

  test('nothing in code, math, raw HTML or TeX, comments, link destinations, escapes or the front matter', () => {
    assert.deepEqual(keysOf('`@no` ``x @no ` y`` $@no$ $$@no$$ $ @a $ \\@no <!-- @no --> <span title="@no">@b</span> [x](https://x/@no "@no") <https://x/@no> \\emph{@no} \\foo @c', 'pandoc'), ['a', 'b', 'c']);
    assert.deepEqual(keysOf('---\ntitle: "@no"\n---\n\n```python\n@decorator\n```\n\n    @indented\n\n~~~\n@no\n~~~\n\n@a', 'pandoc'), ['a']);
    assert.deepEqual(keysOf('<pre>\n@no\n\n@no\n</pre>\n\n\\begin{figure}\n@no\n\\end{figure}\n\n<!--\n\n@no\n-->\n@a', 'pandoc'), ['a']);
    // An unclosed fence is no code block; a list's continuation is no indented code.
    assert.deepEqual(keysOf('```\n@a', 'pandoc'), ['a']);
    assert.deepEqual(keysOf('- item\n\n    still the item @a\n\n        code @no', 'pandoc'), ['a']);
  });

  test('an example list\'s label is no citation; @* cites everything', () => {
    assert.deepEqual(keysOf('(@good) An example.\n\nAs (@good) shows, and @good says [@smith; @good].', 'pandoc'), ['smith', 'good']);
    assert.deepEqual(findCitations('[@*]', 'pandoc').map(c => [c.keys, c.all]), [[[], true]]);
  });

  test('a citation in brackets inside another is its own; every key is in one citation', () => {
    const citations = findCitations('[see [@a] and @b]', 'pandoc');
    assert.deepEqual(citations.map(c => c.keys.map(k => k.key)), [['b'], ['a']]);
  });
});
