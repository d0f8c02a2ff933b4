import * as assert from 'node:assert/strict';
import { parseBib, sameBibEntry } from '../../src/core/cite/bibtex';

const SOUND = `% My references
Some free text BibTeX ignores.

@string{ acl = "ACL" }
@comment{ @misc{ignored, title = {x}} }
@Article{smith2020,
  author = {Smith, J. and Doe, {\\"A}.},
  title  = "A {Title} in Quotes",
  journal = acl # { Findings},
  year   = 2020,
}

@misc(paren-key:1,
  title = {Parenthesised}
)
@preamble{ "\\newcommand{\\noop}[1]{}" }
@book{empty,}
`;

suite('parseBib', () => {
  test('lists entry keys with their lines, skipping @string, @comment and @preamble', () => {
    const { entries, problems } = parseBib(SOUND);
    assert.deepEqual(problems, []);
    assert.deepEqual(entries.map(e => [e.type, e.key, e.line]), [['article', 'smith2020', 6], ['misc', 'paren-key:1', 13], ['book', 'empty', 17]]);
  });

  test('reads braced, quoted, bare and concatenated values', () => {
    const [smith, paren] = parseBib(SOUND).entries;
    assert.deepEqual(smith.fields, { author: 'Smith, J. and Doe, {\\"A}.', title: 'A {Title} in Quotes', journal: 'acl Findings', year: '2020' });
    assert.equal(paren.fields.title, 'Parenthesised');
    assert.equal(SOUND.slice(smith.start, smith.end).split('\n').length, 6);
  });

  test('an entry that is not closed is reported at its own line, and the next entry still loads', () => {
    const { entries, problems } = parseBib('@misc{a,\n  title = {A},\n\n@misc{b, title = {B}}\n');
    assert.deepEqual(entries.map(e => e.key), ['b']);
    assert.deepEqual(problems, [{ line: 1, message: 'entry "a" is not closed before the next entry at line 4 (unbalanced braces?)', severity: 'error' }]);
  });

  test('unbalanced braces inside a value, up to the end of the file', () => {
    const { problems } = parseBib('@misc{ok, title = {Fine}}\n\n@misc{bad,\n  title = {Unclosed {brace}\n}\n');
    assert.equal(problems.length, 1);
    assert.equal(problems[0].severity, 'error');
    assert.match(problems[0].message, /"bad"/);
    assert.equal(problems[0].line, 3);
  });

  test('an entry without a key', () => {
    const { entries, problems } = parseBib('@misc{title = {No key}}\n@misc{,\n title={x}}\n@misc{fine, title={y}}');
    assert.deepEqual(entries.map(e => e.key), ['fine']);
    assert.deepEqual(problems.map(p => [p.line, p.severity]), [[1, 'error'], [2, 'error']]);
    assert.match(problems[0].message, /^entry without a key/);
  });

  test('warnings BibTeX survives: a key used twice (any case), a stray "}", an "@" in a comment', () => {
    const { entries, problems } = parseBib('@misc{a, title={A}}\n@misc{A, title={B}}}\nmail me@example.com\n');
    assert.equal(entries.length, 2);
    assert.deepEqual(problems.map(p => [p.line, p.severity]), [[2, 'warning'], [2, 'warning'], [3, 'warning']]);
    assert.match(problems[0].message, /already used by the entry at line 1/);
  });

  test('a missing "=" or comma is reported where it happens', () => {
    const { problems } = parseBib('@misc{a,\n  title {A}\n}\n');
    assert.deepEqual(problems.map(p => p.line), [2]);
    assert.match(problems[0].message, /expected "=" after field "title"/);
  });

  test('empty and comment-only files have no entries and no problems', () => {
    assert.deepEqual(parseBib(''), { entries: [], problems: [] });
    assert.deepEqual(parseBib('% nothing here\n'), { entries: [], problems: [] });
  });

  test('CRLF line ends give the same lines', () => {
    assert.deepEqual(parseBib(SOUND.replace(/\n/g, '\r\n')).entries.map(e => e.line), [6, 13, 17]);
  });
});

suite('sameBibEntry', () => {
  const one = (text: string) => parseBib(text).entries[0];

  test('whitespace, field order, type and field-name case do not matter', () => {
    assert.ok(sameBibEntry(one('@misc{a, title={A  B}, year={2020}}'), one('@MISC{a,\n  Year = {2020},\n  title = {A\n B},\n}')));
  });

  test('a different value, a missing field or another type does', () => {
    assert.ok(!sameBibEntry(one('@misc{a, title={A}}'), one('@misc{a, title={B}}')));
    assert.ok(!sameBibEntry(one('@misc{a, title={A}}'), one('@misc{a, title={A}, year={2020}}')));
    assert.ok(!sameBibEntry(one('@misc{a, title={A}}'), one('@online{a, title={A}}')));
  });
});
