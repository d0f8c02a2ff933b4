import * as assert from 'node:assert/strict';
import { outsideEntries, parseBib, parseBibAsync, sameBibEntry } from '../../../../../src/core/bibliography/bibtex/parse';

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
    assert.deepEqual(smith.fields, { author: 'Smith, J. and Doe, {\\"A}.', title: 'A {Title} in Quotes', journal: 'ACL Findings', year: '2020' });
    assert.equal(paren.fields.title, 'Parenthesised');
    assert.equal(SOUND.slice(smith.start, smith.end).split('\n').length, 6);
  });

  test('an entry that is not closed is reported at its own line, and the next entry still loads', () => {
    const { entries, problems } = parseBib('@misc{a,\n  title = {A},\n\n@misc{b, title = {B}}\n');
    assert.deepEqual(entries.map(e => e.key), ['b']);
    assert.deepEqual(problems, [{ line: 1, message: 'entry "a" is not closed before the next entry at line 4 (unbalanced braces?)', severity: 'error', code: 'unclosed-entry' }]);
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
    for (const text of ['', '% nothing here\n', '\uFEFF']) {
      const { entries, problems } = parseBib(text);
      assert.deepEqual({ entries, problems }, { entries: [], problems: [] });
    }
  });

  test('CRLF line ends give the same lines', () => {
    assert.deepEqual(parseBib(SOUND.replace(/\n/g, '\r\n')).entries.map(e => e.line), [6, 13, 17]);
  });
});

suite('parseBib: what biber and BibTeX accept', () => {
  const fields = (text: string, options = {}) => parseBib(text, options).entries.map(e => e.fields);

  test('@string macros, also built from other macros, case-insensitive, several in one @string', () => {
    const text = '@string{ first = "Jane" }\n@STRING(full = First # " Doe", org = {ACME})\n@misc{a, author = FULL, publisher = org}';
    const { entries, problems } = parseBib(text);
    assert.deepEqual(problems, []);
    assert.deepEqual(entries[0].fields, { author: 'Jane Doe', publisher: 'ACME' });
  });

  test('"#" concatenation written without spaces, numbers and month macros', () => {
    assert.deepEqual(fields('@string{and = " and "}\n@misc{a, author = {Randall}#and#"Abbass", year = 2020, month = jan}'),
      [{ author: 'Randall and Abbass', year: '2020', month: 'January' }]);
  });

  test('macros from the files read before this one, and this file\'s for the next', () => {
    const first = parseBib('@string{jmlr = {Journal of Machine Learning Research}}');
    const second = parseBib('@article{a, journal = jmlr}', { strings: first.strings });
    assert.equal(second.entries[0].fields.journal, 'Journal of Machine Learning Research');
    assert.deepEqual(second.problems, []);
  });

  test('an undefined macro is a warning; the value keeps its name', () => {
    const { entries, problems } = parseBib('@article{a,\n  journal = nowhere}');
    assert.equal(entries[0].fields.journal, 'nowhere');
    assert.deepEqual(problems.map(p => [p.line, p.severity, p.code]), [[2, 'warning', 'undefined-string']]);
  });

  test('@comment is skipped whole, even holding an entry; "%" lines outside values are comments; "%" inside a value is text', () => {
    const text = '@comment{ @misc{hidden, title = {x}} }\n% @misc{commented, title = {y}}\n@misc{shown,\n  % note = {dropped},\n  url = {http://x.org/a%20b},\n}\n';
    const { entries, problems } = parseBib(text);
    assert.deepEqual(problems, []);
    assert.deepEqual(entries.map(e => [e.key, e.fields]), [['shown', { url: 'http://x.org/a%20b' }]]);
  });

  test('round brackets, a BOM, odd spacing and upper-case types', () => {
    const { entries, problems } = parseBib('\uFEFF@ARTICLE ( key1 ,\n title = "T" )\n@misc{ key2 , title={U},, }');
    assert.deepEqual(problems, []);
    assert.deepEqual(entries.map(e => [e.type, e.key, e.line, e.fields.title]), [['article', 'key1', 1, 'T'], ['misc', 'key2', 3, 'U']]);
  });

  test('keys, field names and macros end at any white space, Unicode\'s too; other letters past ASCII are theirs', () => {
    // What a regular expression's \s is: the reader stops a key at each (then wants a comma).
    for (const space of ['\u00A0', '\u1680', '\u2000', '\u2007', '\u200A', '\u2028', '\u2029', '\u202F', '\u205F', '\u3000', '\uFEFF']) {
      const { entries, problems } = parseBib(`@misc{key${space}x, title = {T}}`);
      assert.deepEqual(entries, [], JSON.stringify(space));
      assert.deepEqual(problems.map(p => p.code), ['missing-key'], JSON.stringify(space));
    }
    const { entries, problems } = parseBib('@misc{kéy\u200B, tïtle = {T}, note = mäcro # 12 # x9}');
    assert.deepEqual(entries.map(e => [e.key, e.fields]), [['kéy\u200B', { 'tïtle': 'T', note: 'mäcro12x9' }]]);
    assert.deepEqual(problems.map(p => p.message), ['"mäcro" in entry "kéy\u200B" is not a defined @string (BibTeX leaves it empty)', '"x9" in entry "kéy\u200B" is not a defined @string (BibTeX leaves it empty)']);
    assert.deepEqual(parseBib('@9misc{k, title = {T}}').entries, [], 'a type starts with a letter');
    assert.deepEqual(parseBib('@m1_s-c{k, title = {T}}').entries.map(e => e.type), ['m1_s-c']);
  });

  test('a field given twice keeps the first, with a warning', () => {
    const { entries, problems } = parseBib('@misc{a, title = {One}, Title = {Two}}');
    assert.equal(entries[0].fields.title, 'One');
    assert.deepEqual(problems.map(p => p.code), ['duplicate-field']);
  });

  test('a missing "}" does not swallow the entries that start the following lines', () => {
    const text = '@misc{ok1, title = {Fine}}\n@misc{bad,\n  title = {Unclosed {brace},\n  year = 2020\n@misc{ok2, title = {Also fine}}\n@misc{ok3, title = {Fine too}}\n';
    const { entries, problems } = parseBib(text);
    assert.deepEqual(entries.map(e => e.key), ['ok1', 'ok2', 'ok3']);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].line, 3);
    assert.match(problems[0].message, /field "title" of entry "bad" is not closed \(unbalanced braces\) before the entry at line 5/);
  });

  test('an entry whose last "}" is missing ends at the next entry', () => {
    const text = '@misc{bad,\n  title = {A {B} C},\n  year = 2020\n\n@misc{ok, title = {Fine}}\n';
    const { entries, problems } = parseBib(text);
    assert.deepEqual(entries.map(e => e.key), ['ok']);
    assert.deepEqual(problems.map(p => [p.line, p.code]), [[1, 'unclosed-entry']]);
  });

  test('a missing closing quote stops at the next entry too', () => {
    const { entries, problems } = parseBib('@misc{bad, title = "Open\n}\n@misc{good, title = {G}}');
    assert.deepEqual(entries.map(e => e.key), ['good']);
    assert.match(problems[0].message, /has no closing quote/);
  });

  test('the key, its offset and the entry\'s extent', () => {
    const text = 'junk\n@misc{  k1,\n  title = {A}}';
    const [entry] = parseBib(text).entries;
    assert.equal(text.slice(entry.keyStart, entry.keyStart + 2), 'k1');
    assert.equal(text.slice(entry.start, entry.end), text.slice(5));
  });

  test('parseBibAsync gives what parseBib gives, in slices', async () => {
    const text = Array.from({ length: 3000 }, (_, i) => `@misc{k${i}, title = {Title ${i}}, note = "n" # {${i}}}`).join('\n');
    const sync = parseBib(text);
    const async = await parseBibAsync(text, { sliceMs: 1 });
    assert.deepEqual(async.entries, sync.entries);
    assert.equal(async.entries.length, 3000);
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

suite('outsideEntries (where a pasted link becomes an entry)', () => {
  const at = (text: string, mark = '|') => ({ text: text.replace(mark, ''), offset: text.indexOf(mark) });
  const outside = (marked: string) => { const { text, offset } = at(marked); return outsideEntries(text, offset); };

  test('between entries, before the first, after the last: outside', () => {
    assert.equal(outside('|@misc{a, title = {A}}\n'), true);
    assert.equal(outside('@misc{a, title = {A}}\n|\n@book{b, title = {B}}\n'), true);
    assert.equal(outside('@misc{a, title = {A}}\n\n@book{b, title = {B}}\n|'), true);
    assert.equal(outside('% my library\n|'), true);
  });

  test('inside an entry, in its key or a field or before its closing brace: not', () => {
    assert.equal(outside('@misc{a|, title = {A}}\n'), false);
    assert.equal(outside('@misc{a,\n  title = {A},\n  url = {|}\n}\n'), false);
    assert.equal(outside('@misc{a,\n  title = {A}\n|}\n\n@book{b, title = {B}}\n'), false);
    assert.equal(outside('@misc{a, title = {A}}\n@book{b,\n  note = {an @ in a value},\n  title = {|B}\n}\n'), false);
  });

  test('after an entry left open: not (it swallows what follows); a broken entry elsewhere does not matter', () => {
    assert.equal(outside('@misc{a, title = {A}\n\n|'), false);
    assert.equal(outside('@misc{broken, title = {A}\n\n@misc{b, title = {B}}\n|\n@misc{c, title = {C}}\n'), true);
  });

  test('in a library of 20,000 entries it answers as a reading of the whole file does', () => {
    const entry = (i: number) => `@article{key${i},\n  author = {Doe, Jane and Roe, Richard},\n  title = {Paper number ${i}},\n  year = {2020}\n}\n\n`;
    const text = Array.from({ length: 20000 }, (_, i) => entry(i)).join('');
    const { entries } = parseBib(text);
    for (const offset of [0, 5, entries[9999].start, entries[9999].start + 3, entries[9999].end, entries[9999].end + 1, entries[19999].end - 1, text.length]) {
      assert.equal(outsideEntries(text, offset), !entries.some(e => e.start < offset && offset < e.end), `at ${offset}`);
    }
  });
});
