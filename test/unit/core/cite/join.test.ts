import * as assert from 'node:assert/strict';
import { defaultTemplate, type KeysTemplate } from '../../../../src/core/cite/forms';
import type { CitablePaper } from '../../../../src/core/bibliography/paperEntry';
import { citationEdit, joinCitation, templateSyntax, type TextEdit } from '../../../../src/core/cite/join';

const template = (languageId: string, latexCommand: '\\cite' | '\\citep' = '\\cite') => defaultTemplate(languageId, latexCommand) as KeysTemplate;
const apply = (text: string, edit: TextEdit) => text.slice(0, edit.start) + edit.newText + text.slice(edit.end);

/** The text after joining `keys` at the "|", or "outside" / "unchanged". */
function join(marked: string, keys: string[], tpl: KeysTemplate): string {
  const offset = marked.indexOf('|');
  const text = marked.replace('|', '');
  const result = joinCitation(text, offset, keys, tpl);
  if (!result.inside) return 'outside';
  return result.edit ? apply(text, result.edit) : 'unchanged';
}

suite('joinCitation', () => {
  test('LaTeX: the key joins the list, wherever the cursor is in it', () => {
    const latex = template('latex');
    assert.equal(join('\\cite{a,b|}', ['key'], latex), '\\cite{a,b,key}');
    assert.equal(join('\\cite{|a,b}', ['key'], latex), '\\cite{a,b,key}');
    assert.equal(join('\\cite{a|,b}', ['key'], latex), '\\cite{a,b,key}');
    assert.equal(join('\\cite{a, b |}', ['key'], latex), '\\cite{a, b,key }');
    assert.equal(join('\\cite{|}', ['key'], latex), '\\cite{key}');
  });

  test('LaTeX: other cite commands and optional arguments join too', () => {
    const latex = template('latex');
    assert.equal(join('\\citep[p.~3]{a|}', ['key'], latex), '\\citep[p.~3]{a,key}');
    assert.equal(join('\\textcite[see][]{a,\n  b|}', ['key'], template('latex', '\\citep')), '\\textcite[see][]{a,\n  b,key}');
  });

  test('LaTeX: outside the braces is outside', () => {
    const latex = template('latex');
    assert.equal(join('\\cite{a}|', ['key'], latex), 'outside');
    assert.equal(join('|\\cite{a}', ['key'], latex), 'outside');
    assert.equal(join('\\cite[p.~3|]{a}', ['key'], latex), 'outside');
    assert.equal(join('\\ref{a|}', ['key'], latex), 'outside');
  });

  test('a key already present is not added twice (BibTeX ignores case)', () => {
    const latex = template('latex');
    assert.equal(join('\\cite{a,key|}', ['key'], latex), 'unchanged');
    assert.equal(join('\\cite{a,KEY|}', ['key'], latex), 'unchanged');
    assert.equal(join('\\cite{a|}', ['a', 'b', 'b'], latex), '\\cite{a,b}');
    const result = joinCitation('\\cite{a}', 7, ['a', 'b'], latex);
    assert.ok(result.inside);
    assert.deepEqual([result.added, result.present], [['b'], ['a']]);
  });

  test('Markdown: [@a|] → [@a; @key], with locators kept', () => {
    const md = template('markdown');
    assert.equal(join('[@a|]', ['key'], md), '[@a; @key]');
    assert.equal(join('[|@a]', ['key'], md), '[@a; @key]');
    assert.equal(join('[see @a, p. 3|]', ['key'], md), '[see @a, p. 3; @key]');
    assert.equal(join('[@a; @key|]', ['key'], md), 'unchanged');
    assert.equal(join('[@a|]', ['k1', 'k2'], md), '[@a; @k1; @k2]');
  });

  test('Markdown: a bare @key, an e-mail or a link is not a citation to join', () => {
    const md = template('markdown');
    assert.equal(join('as @a| says', ['key'], md), 'outside');
    assert.equal(join('[me@example.com|]', ['key'], md), 'outside');
    assert.equal(join('[text|](http://x.org)', ['key'], md), 'outside');
  });

  test('Typst and reST', () => {
    assert.equal(join('as @a| says', ['key'], template('typst')), 'as @a @key says');
    assert.equal(join('as @a @b[p. 3]|', ['key'], template('typst')), 'as @a @b[p. 3] @key');
    assert.equal(join('as @a| @b', ['a', 'c'], template('typst')), 'as @a @b @c');
    assert.equal(join(':cite:`a|`', ['key'], template('restructuredtext')), ':cite:`a,key`');
    assert.equal(join(':cite:p:`a,b|`', ['b'], template('restructuredtext')), 'unchanged');
  });

  test('several cursors: each position gets its own precise edit', () => {
    const text = 'A \\cite{a} and \\cite{b, c} but not here.';
    const latex = template('latex');
    const at = (i: number) => joinCitation(text, i, ['k'], latex);
    const edits = [8, 9, 21, 25].map(i => at(i));
    assert.deepEqual(edits.map(r => r.inside && r.edit), [
      { start: 9, end: 9, newText: ',k' }, { start: 9, end: 9, newText: ',k' },
      { start: 25, end: 25, newText: ',k' }, { start: 25, end: 25, newText: ',k' },
    ]);
    assert.deepEqual([2, 11, 30, text.length].map(i => at(i).inside), [false, false, false, false]);
  });

  test('a custom template is matched by its own delimiters', () => {
    const custom: KeysTemplate = { before: '<<', keyPrefix: '#', separator: ' / ', after: '>>' };
    assert.equal(templateSyntax(custom), 'custom');
    assert.equal(join('see <<#a|>>', ['k'], custom), 'see <<#a / #k>>');
    assert.equal(join('see <<#a /#k|>>', ['k'], custom), 'unchanged');
    assert.equal(join('see <<#a>> |', ['k'], custom), 'outside');
  });

  test('templateSyntax recognises the built-in shapes', () => {
    assert.equal(templateSyntax(template('latex', '\\citep')), 'latex');
    assert.equal(templateSyntax({ before: '\\citep[p.~3]{', keyPrefix: '', separator: ',', after: '}' }), 'latex');
    assert.equal(templateSyntax(template('markdown')), 'pandoc');
    assert.equal(templateSyntax(template('typst')), 'typst');
    assert.equal(templateSyntax(template('restructuredtext')), 'rst');
  });
});

suite('citationEdit', () => {
  const paper = (key: string): CitablePaper => ({ key, title: `Title ${key}`, authorsCount: null, organization: null, date: null, year: null, links: [] });

  test('joins when the cursor is in a citation, inserts a new one when it is not', () => {
    const text = 'See \\cite{a}. More.';
    const inside = citationEdit(text, 10, [paper('b')], template('latex'));
    assert.deepEqual(inside, { edit: { start: 11, end: 11, newText: ',b' }, joined: true, present: [] });
    const outside = citationEdit(text, text.length, [paper('b'), paper('c')], template('latex'));
    assert.deepEqual(outside, { edit: { start: text.length, end: text.length, newText: '\\cite{b,c}' }, joined: false, present: [] });
  });

  test('nothing to do when the key is already cited there', () => {
    assert.deepEqual(citationEdit('[@b]', 2, [paper('b')], template('markdown')), { edit: null, joined: true, present: ['b'] });
  });

  test('a selection is replaced by a new citation, never joined', () => {
    const result = citationEdit('\\cite{a}', 6, [paper('b')], template('latex'), 7);
    assert.deepEqual(result.edit, { start: 6, end: 7, newText: '\\cite{b}' });
  });

  test('entry templates insert the entries at the cursor', () => {
    const result = citationEdit('% refs\n', 7, [paper('b')], defaultTemplate('bibtex'));
    assert.match(result.edit?.newText ?? '', /^@misc\{b,\n/);
    assert.equal(result.joined, false);
  });
});
