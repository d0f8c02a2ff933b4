import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { citationEdit, joinCitation } from '../../../../src/core/cite/join';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { citationsOfLanguage, completionContextAt, findCitations, findCitationsNear, findKeyAt, keyAtIn, scanWork } from '../../../../src/core/cite/scan';
import { ROOT } from '../../support/seeds';

/** The text without its "|" and the offset where the "|" was. */
function cursor(marked: string): [string, number] {
  const at = marked.indexOf('|');
  assert.ok(at >= 0, 'no | in the text');
  return [marked.slice(0, at) + marked.slice(at + 1), at];
}

/** The key at the "|", checked to lie exactly at its range. */
function keyAt(marked: string, languageId: string): string | undefined {
  const [text, offset] = cursor(marked);
  const found = findKeyAt(text, offset, languageId);
  if (found) assert.equal(text.slice(found.start, found.end), found.key);
  // The host looks among the document's citations, scanned once a version: the same answer.
  assert.deepEqual(keyAtIn(citationsOfLanguage(text, languageId), offset), found);
  return found?.key;
}

suite('findKeyAt: LaTeX', () => {
  test('keys of a \\cite list, with spaces and line breaks between them', () => {
    assert.equal(keyAt('\\cite{a|, b}', 'latex'), 'a');
    assert.equal(keyAt('\\cite{a, |b}', 'latex'), 'b');
    assert.equal(keyAt('\\cite{a,\n   bb|,\n c}', 'latex'), 'bb');
    assert.equal(keyAt('\\cite{a,\n   bb,\n  |c}', 'latex'), 'c');
  });

  test('exact ranges, so the host can underline the key', () => {
    const text = 'As shown \\citep[see][p.~3]{ReAct2022,  Toolformer}.';
    const found = findKeyAt(text, text.indexOf('Tool') + 2, 'latex');
    assert.deepEqual(found && [found.key, found.start, found.end], ['Toolformer', text.indexOf('Toolformer'), text.indexOf('Toolformer') + 10]);
  });

  test('optional arguments, starred and other cite commands', () => {
    for (const command of ['\\cite', '\\cite*', '\\citep', '\\citet', '\\citeauthor', '\\citeyear', '\\autocite', '\\parencite', '\\textcite', '\\footcite', '\\Citet', '\\citealp', '\\smartcite', '\\supercite']) {
      assert.equal(keyAt(`${command}{x|}`, 'latex'), 'x', command);
      assert.equal(keyAt(`${command}[see][p.~3]{x, y|}`, 'latex'), 'y', command);
      assert.equal(keyAt(`${command} [p.~3] {x|}`, 'latex'), 'x', command);
    }
    // \nocite takes no optional argument (biblatex stops with an error, LaTeX reads "[" as the key).
    assert.equal(keyAt('\\nocite{x, y|}', 'latex'), 'y');
    assert.equal(keyAt('\\nocite[see]{x|}', 'latex'), undefined);
  });

  test('not a key: the command name, the optional arguments, text around, other commands', () => {
    assert.equal(keyAt('\\ci|te{a}', 'latex'), undefined);
    assert.equal(keyAt('\\cite[p|.~3]{a}', 'latex'), undefined);
    assert.equal(keyAt('\\cite{a} te|xt', 'latex'), undefined);
    assert.equal(keyAt('\\ref{fig|:one}', 'latex'), undefined);
    assert.equal(keyAt('\\label{a|}', 'latex'), undefined);
  });

  test('a list still being typed (no closing brace yet)', () => {
    assert.equal(keyAt('\\cite{a, Re|\nmore text', 'latex'), 'Re');
  });

  test('keys with punctuation as BibTeX allows', () => {
    assert.equal(keyAt('\\cite{smith:2020-a|b}', 'latex'), 'smith:2020-ab');
  });
});

suite('findKeyAt: Markdown, Typst, reStructuredText', () => {
  test('Pandoc bracketed citations with prefixes, locators and suppressed authors', () => {
    assert.equal(keyAt('[@a|; @b]', 'markdown'), 'a');
    assert.equal(keyAt('[@a; @|b]', 'markdown'), 'b');
    assert.equal(keyAt('[see @a|, p. 3; also @b]', 'markdown'), 'a');
    assert.equal(keyAt('[see @a, p. 3; also @b|]', 'quarto'), 'b');
    assert.equal(keyAt('Smith says [-@sm|ith04].', 'rmd'), 'smith04');
    assert.equal(keyAt('[see @a, p|. 3]', 'markdown'), undefined);
  });

  test('a bare @key in text, its trailing punctuation left out', () => {
    assert.equal(keyAt('As @ReAct2|022 shows.', 'markdown'), 'ReAct2022');
    assert.equal(keyAt('As shown by @a|.', 'markdown'), 'a');
    assert.equal(keyAt('As shown by @a.|', 'markdown'), undefined);
    // Mid-line: "(@foo)" at the start of a line is an example list's marker for pandoc.
    assert.equal(keyAt('see (@fo|o)', 'markdown'), 'foo');
    assert.equal(keyAt('(@fo|o) an example', 'markdown'), undefined);
  });

  test('not in e-mail addresses, URLs or code', () => {
    assert.equal(keyAt('Write to me@exam|ple.com', 'markdown'), undefined);
    assert.equal(keyAt('first.last@ex|ample.org', 'markdown'), undefined);
    // A bare URL is text to pandoc (no autolink_bare_uris): its "@user" after "/" is a citation.
    assert.equal(keyAt('https://x.com/@us|er', 'markdown'), 'user');
    assert.equal(keyAt('<https://x.com/@us|er>', 'markdown'), undefined);
    assert.equal(keyAt('[x](https://x.com/@us|er)', 'markdown'), undefined);
    assert.equal(keyAt('Use `@dec|orator` here', 'markdown'), undefined);
    assert.equal(keyAt('```python\n@dec|orator\ndef f(): pass\n```\n', 'markdown'), undefined);
    assert.equal(keyAt('---\nauthor: "@m|e"\n---\n@a', 'markdown'), undefined);
  });

  test('Markdown links are not citations', () => {
    assert.equal(findCitations('[see @a](https://example.org)', 'pandoc').filter(c => c.bracketed).length, 0);
  });

  test('Typst: @key, groups of them, supplements, #cite(<key>)', () => {
    assert.equal(keyAt('as @a|', 'typst'), 'a');
    assert.equal(keyAt('as @a @b|[p. 3] @c.', 'typst'), 'b');
    assert.equal(keyAt('as @a @b[p. 3] @|c.', 'typst'), 'c');
    assert.equal(keyAt('see #cite(<smith-20|20>)', 'typst'), 'smith-2020');
    // Typst reads "@" followed by a letter as a reference even inside a word: "me@example.com"
    // cites example.com (the compiler fails on it unless written me\@example.com).
    assert.equal(keyAt('me@exam|ple.com', 'typst'), 'example.com');
    assert.equal(keyAt('me\\@exam|ple.com', 'typst'), undefined);
    assert.deepEqual(findCitations('as @a @b[p. 3] @c.', 'typst')[0].keys.map(k => k.key), ['a', 'b', 'c']);
  });

  test('reST: :cite: roles and their sphinxcontrib-bibtex variants', () => {
    assert.equal(keyAt(':cite:`a,|b`', 'restructuredtext'), 'b');
    assert.equal(keyAt(':cite:`a, b|`', 'restructuredtext'), 'b');
    assert.equal(keyAt(':cite:p:`x|`', 'restructuredtext'), 'x');
    assert.equal(keyAt(':footcite:t:`|x`', 'restructuredtext'), 'x');
    assert.equal(keyAt(':ref:`x|`', 'restructuredtext'), undefined);
  });

  test('plain text finds LaTeX and bracketed Pandoc citations but not bare @words', () => {
    assert.equal(keyAt('# see \\cite{a|}', 'python'), 'a');
    assert.equal(keyAt('# see [@a|]', 'plaintext'), 'a');
    assert.equal(keyAt('# @decor|ator', 'python'), undefined);
  });

  test('a cursor at either end of the key counts', () => {
    const text = '\\cite{abc}';
    assert.equal(findKeyAt(text, 6, 'latex')?.key, 'abc');
    assert.equal(findKeyAt(text, 9, 'latex')?.key, 'abc');
    assert.equal(findKeyAt(text, 10, 'latex'), undefined);
  });
});

suite('completionContextAt', () => {
  const context = (marked: string, languageId: string) => {
    const [text, offset] = cursor(marked);
    const found = completionContextAt(text, offset, languageId);
    return found && { prefix: found.prefix, replaced: text.slice(found.start, found.end) };
  };

  test('LaTeX: right after "{" or a comma, in open and closed lists, with optional arguments', () => {
    assert.deepEqual(context('\\cite{|', 'latex'), { prefix: '', replaced: '' });
    assert.deepEqual(context('\\cite{Re|', 'latex'), { prefix: 'Re', replaced: 'Re' });
    assert.deepEqual(context('\\cite{a, Re|}', 'latex'), { prefix: 'Re', replaced: 'Re' });
    assert.deepEqual(context('\\cite{a,\n  |}', 'latex'), { prefix: '', replaced: '' });
    assert.deepEqual(context('\\citep[see][p.~3]{Re|Act}', 'latex'), { prefix: 'Re', replaced: 'ReAct' });
    assert.deepEqual(context('\\autocite*{x|', 'latex'), { prefix: 'x', replaced: 'x' });
  });

  test('LaTeX: not in the optional argument, not after the list, not in other commands', () => {
    assert.equal(context('\\cite[p|]{a}', 'latex'), undefined);
    assert.equal(context('\\cite{a} b|', 'latex'), undefined);
    assert.equal(context('\\ref{fig|', 'latex'), undefined);
    assert.equal(context('\\cite{a \\emph{b|', 'latex'), undefined);
  });

  test('Markdown: after "[@", "; @" or a bare "@", never in an e-mail address or code', () => {
    assert.deepEqual(context('[@|', 'markdown'), { prefix: '', replaced: '' });
    assert.deepEqual(context('[@a; @Re|]', 'markdown'), { prefix: 'Re', replaced: 'Re' });
    assert.deepEqual(context('as @Re| says', 'quarto'), { prefix: 'Re', replaced: 'Re' });
    assert.deepEqual(context('[-@Re|]', 'markdown'), { prefix: 'Re', replaced: 'Re' });
    assert.equal(context('mail me@exa|', 'markdown'), undefined);
    assert.equal(context('mail me@|', 'markdown'), undefined);
    assert.equal(context('`@Re|`', 'markdown'), undefined);
    assert.equal(context('no at sign|', 'markdown'), undefined);
  });

  test('Typst and reST', () => {
    assert.deepEqual(context('as @Re|', 'typst'), { prefix: 'Re', replaced: 'Re' });
    assert.deepEqual(context('me@ex|', 'typst'), { prefix: 'ex', replaced: 'ex' }, 'Typst reads it as a reference');
    assert.equal(context('me\\@ex|', 'typst'), undefined);
    assert.deepEqual(context(':cite:`|', 'restructuredtext'), { prefix: '', replaced: '' });
    assert.deepEqual(context(':cite:p:`a,Re|`', 'restructuredtext'), { prefix: 'Re', replaced: 'Re' });
    assert.equal(context(':ref:`Re|`', 'restructuredtext'), undefined);
  });

  test('no completion in languages without a citation syntax', () => {
    assert.equal(context('\\cite{|', 'plaintext'), undefined);
  });
});

suite('lookups read only the paragraph around the cursor', () => {
  test('a code fence opened far above still hides an "@" below it', () => {
    const filler = 'words '.repeat(2000);
    const text = `\`\`\`python\n${filler}\n\n@decorator\n\`\`\`\n\n${filler}\n\n[@a]`;
    assert.equal(findKeyAt(text, text.indexOf('@decorator') + 3, 'markdown'), undefined);
    assert.equal(completionContextAt(text, text.indexOf('@decorator') + 3, 'markdown'), undefined);
    assert.equal(findKeyAt(text, text.length - 2, 'markdown')?.key, 'a');
  });

  test('a front matter longer than the window still hides its "@"', () => {
    const text = `---\ntitle: x\n\nabstract: |\n  ${'long '.repeat(1000)}\n\n  mail @me\n---\n\n@a`;
    assert.equal(findKeyAt(text, text.indexOf('@me') + 2, 'markdown'), undefined);
    assert.equal(findKeyAt(text, text.length, 'markdown')?.key, 'a');
  });

  test('the paragraph finds what the whole text finds, at any offset (fast-check)', () => {
    const piece = fc.constantFrom('[@a; @b, p. 3]', ' @c ', '\\cite[p.~3]{d,\n e}', '\n\n', '`@code`', '\n```\n@fenced\n```\n', 'me@mail.org', 'text ', ':cite:`f,g`', '@h @i[p. 2]', 'x'.repeat(3000));
    fc.assert(fc.property(fc.array(piece, { maxLength: 30 }), fc.nat(), fc.constantFrom('latex', 'pandoc', 'typst', 'rst' as const), (pieces, n, syntax) => {
      const text = pieces.join('');
      const offset = n % (text.length + 1);
      const whole = findCitations(text, syntax).filter(c => offset >= c.start && offset <= c.end);
      const near = findCitationsNear(text, offset, syntax).filter(c => offset >= c.start && offset <= c.end);
      assert.deepEqual(near, whole);
    }), { numRuns: 400 });
  });
});

/** Every key of every citation, in the order of the text (what the tools are compared on). */
const keysOf = (text: string, syntax: 'latex' | 'pandoc' | 'typst' | 'rst') =>
  findCitations(text, syntax).flatMap(c => c.keys).sort((a, b) => a.start - b.start).map(k => k.key);

suite('findCitations: LaTeX as biblatex and natbib read it', () => {
  test('every biblatex cite command, capitalised and starred', () => {
    const commands = ['cite', 'Cite', 'parencite', 'Parencite', 'footcite', 'footcitetext', 'textcite', 'Textcite', 'smartcite', 'Smartcite', 'autocite', 'Autocite',
      'citeauthor', 'Citeauthor', 'citetitle', 'citeyear', 'citedate', 'citeurl', 'nocite', 'fullcite', 'footfullcite', 'supercite', 'notecite', 'pnotecite', 'fnotecite'];
    for (const c of commands) {
      assert.deepEqual(keysOf(`\\${c}{a,b}`, 'latex'), ['a', 'b'], c);
      if (c !== 'nocite') {
        assert.deepEqual(keysOf(`\\${c}*[see][p.~3]{a}`, 'latex'), ['a'], `${c}*`);
        assert.deepEqual(keysOf(`\\${c} *\n  [p.~3]{a}`, 'latex'), ['a'], `${c} with blanks before its star`);
      }
    }
  });

  test('natbib\'s commands, starred, with up to two optional arguments', () => {
    for (const c of ['citet', 'citep', 'citealt', 'citealp', 'Citet', 'Citep', 'Citealt', 'Citealp', 'citeauthor', 'Citeauthor', 'citeyear', 'citeyearpar', 'citenum', 'citetalias', 'citepalias']) {
      assert.deepEqual(keysOf(`\\${c}{jon90}`, 'latex'), ['jon90'], c);
      assert.deepEqual(keysOf(`\\${c}*[see][chap.~2]{jon90,jam91}`, 'latex'), ['jon90', 'jam91'], c);
    }
    // A third bracket is text, and no "{" follows the second: no citation.
    assert.deepEqual(keysOf('\\citep[a][b][c]{x}', 'latex'), []);
  });

  test('commands with "cite" in their name that take no keys are no citations', () => {
    for (const text of ['\\citetext{priv.\\ comm.}', '\\citestyle{authoryear}', '\\setcitestyle{round}', '\\DeclareCiteCommand{\\mycite}{x}', '\\defcitealias{jon90}{Paper~I}', '\\bibcite{a}{1}', '\\citetrackertrue{x}']) {
      assert.deepEqual(findCitations(text, 'latex'), [], text);
    }
    // A package's or a user's own \…cite… command reads like \cite.
    assert.deepEqual(keysOf('\\citeA{a} \\shortcite{b} \\mycite[p.~2]{c}', 'latex'), ['a', 'b', 'c']);
  });

  test('a multicite: every group\'s keys, the whole command as the citation, its lists, exact offsets', () => {
    const text = 'See \\cites(pre)(post)[p.~3]{a}[5]{b, c} now.';
    const [citation] = findCitations(text, 'latex');
    assert.deepEqual(citation.keys, [
      { key: 'a', start: text.indexOf('{a}') + 1, end: text.indexOf('{a}') + 2 },
      { key: 'b', start: text.indexOf('{b') + 1, end: text.indexOf('{b') + 2 },
      { key: 'c', start: text.indexOf(' c}') + 1, end: text.indexOf(' c}') + 2 },
    ]);
    assert.equal(text.slice(citation.start, citation.end), '\\cites(pre)(post)[p.~3]{a}[5]{b, c}');
    assert.deepEqual(citation.lists?.map(l => text.slice(l.listStart, l.listEnd)), ['a', 'b, c']);
    assert.equal(text.slice(citation.listStart, citation.listEnd), 'a}[5]{b, c', 'from the first list to the end of the last');
    for (const c of ['parencites', 'Parencites', 'textcites', 'Textcites', 'autocites', 'Autocites', 'footcites', 'smartcites', 'supercites', 'Cites']) {
      assert.deepEqual(keysOf(`\\${c}(See)()[35]{k1}[88--120]{k2}\n  {k3} and`, 'latex'), ['k1', 'k2', 'k3'], c);
    }
    // biblatex reads every group that follows, across one line break, not across a blank line.
    assert.deepEqual(keysOf('\\cites{a}\n{b}\n\n{c}', 'latex'), ['a', 'b']);
    assert.equal(findCitations('\\cite{a}[5]{b}', 'latex')[0].lists, undefined, 'a plain \\cite has one list');
  });

  test('\\volcite takes a volume and a page before the key', () => {
    assert.deepEqual(keysOf('\\volcite[See]{2}[55]{knuth}', 'latex'), ['knuth']);
    assert.deepEqual(keysOf('\\pvolcite{IV}{key} \\Avolcite 3{k2} \\ftvolcite*{1}[p.~2]{k3}', 'latex'), ['key', 'k2', 'k3']);
    assert.deepEqual(keysOf('\\volcites(See)()[see]{3}[25]{a}{4}{b} \\pvolcites{1}[2]{c}[see]{3}{d}', 'latex'), ['a', 'b', 'c', 'd']);
    const text = '\\volcite{2}[55]{knuth}';
    assert.deepEqual(findCitations(text, 'latex')[0].keys, [{ key: 'knuth', start: 16, end: 21 }]);
  });

  test('\\nocite{*} cites everything: all is set and "*" is never a key', () => {
    assert.deepEqual(findCitations('\\nocite{*}', 'latex').map(c => [c.keys, c.all]), [[[], true]]);
    const [mixed] = findCitations('\\nocite{a,*, b}', 'latex');
    assert.deepEqual([mixed.keys.map(k => k.key), mixed.all], [['a', 'b'], true]);
    assert.equal(findCitations('\\cite{a}', 'latex')[0].all, undefined);
  });

  test('comments: a commented command, a comment between keys, a comment inside a key, \\% and \\\\%', () => {
    assert.deepEqual(keysOf('% \\cite{no}\n\\cite{yes} % \\cite{no2}', 'latex'), ['yes']);
    assert.deepEqual(keysOf('\\cite{a,% first comment\n  b,%\nc}', 'latex'), ['a', 'b', 'c']);
    assert.deepEqual(keysOf('50\\% of \\cite{a}, end\\\\% \\cite{no}\n\\cite{b}', 'latex'), ['a', 'b']);
    assert.deepEqual(keysOf('\\cite%\n  [p.~3] % note\n  {a}', 'latex'), ['a']);
    // TeX joins a key's halves around a comment; the key's range covers what is written.
    const text = '\\cite{ab%\n    cd}';
    assert.deepEqual(findCitations(text, 'latex')[0].keys, [{ key: 'abcd', start: 6, end: 16 }]);
    // Blanks and line breaks inside a key are one space to TeX.
    assert.deepEqual(keysOf('\\cite{p   q,\n r\n s}', 'latex'), ['p q', 'r s']);
  });

  test('nothing in \\verb, \\url, verbatim environments, the comment package\'s comments or an \\iffalse branch', () => {
    assert.deepEqual(keysOf('\\verb|\\cite{no}| \\verb*+\\cite{no}+ \\lstinline|\\cite{no}| \\cite{a}', 'latex'), ['a']);
    assert.deepEqual(keysOf('\\url{https://x.org/%7E\\cite{no}} \\cite{a} \\href{https://x.org/a%20b}{see \\cite{b}}', 'latex'), ['a', 'b']);
    for (const env of ['verbatim', 'verbatim*', 'Verbatim', 'lstlisting', 'minted', 'filecontents']) {
      assert.deepEqual(keysOf(`\\begin{${env}}{x}\n\\cite{no}\n\\end{${env}} \\cite{a}`, 'latex'), ['a'], env);
    }
    // The comment package ends a comment only at a line that is \end{comment} alone.
    assert.deepEqual(keysOf('\\begin{comment} \\cite{no}\n  \\end{comment} \\cite{no}\n\\end{comment}\n\\cite{a}', 'latex'), ['a']);
    assert.deepEqual(keysOf('\\iffalse \\cite{no} \\ifx\\a\\b \\cite{no} \\fi \\cite{no} \\else \\cite{a} \\fi \\cite{b}', 'latex'), ['a', 'b']);
    assert.deepEqual(keysOf('\\cite{a}\n\\end{document}\n\\cite{after}', 'latex'), ['a']);
  });

  test('a macro parameter is no key, and a list still being typed runs to the end of its line', () => {
    assert.deepEqual(keysOf('\\newcommand{\\mycite}[1]{\\cite{#1}}', 'latex'), []);
    assert.deepEqual(keysOf('\\cite{a, Re\nmore text', 'latex'), ['a', 'Re']);
    assert.deepEqual(keysOf('\\cite{a \\emph{b\nmore', 'latex'), []);
  });
});

suite('joining a key into a multicite', () => {
  const latex = { before: '\\cite{', keyPrefix: '', separator: ',', after: '}' };
  const join = (marked: string) => {
    const [text, offset] = cursor(marked);
    const result = joinCitation(text, offset, ['k'], latex);
    return result.inside ? (result.edit ? text.slice(0, result.edit.start) + result.edit.newText + text.slice(result.edit.end) : 'unchanged') : 'outside';
  };

  test('a key joins the last list, from a cursor in any list of the command', () => {
    assert.equal(join('\\cites[p.~3]{a|}[5]{b}'), '\\cites[p.~3]{a}[5]{b,k}');
    assert.equal(join('\\cites[p.~3]{a}[5]{b|}'), '\\cites[p.~3]{a}[5]{b,k}');
    assert.equal(join('\\parencites(See)(){a}{b, c|}'), '\\parencites(See)(){a}{b, c,k}');
    assert.equal(join('\\cites{a}{|}'), '\\cites{a}{k}', 'an empty last list gets the key alone');
    assert.equal(join('\\cites{a}{k|}'), 'unchanged');
    assert.equal(join('|\\cites{a}{b}'), 'outside');
  });

  test('a volume is not a list: only the key\'s braces join', () => {
    assert.equal(join('\\volcite{2}[55]{a|}'), '\\volcite{2}[55]{a,k}');
    assert.equal(join('\\volcite{2|}[55]{a}'), 'outside');
  });

  test('citationEdit inserts a new citation outside a commented or verbatim one', () => {
    const paper = { key: 'k', title: 'T', authorsCount: null, organization: null, date: null, year: null, links: [] };
    const [text, offset] = cursor('% \\cite{a|}');
    assert.deepEqual(citationEdit(text, offset, [paper], latex).joined, false);
    const [verb, at] = cursor('\\verb|\\cite{a|}|');
    assert.deepEqual(citationEdit(verb, at, [paper], latex).joined, false);
    const [ok, where] = cursor('\\textcites{a}[p.~2]{b|}');
    assert.deepEqual(citationEdit(ok, where, [paper], latex), { edit: { start: where, end: where, newText: ',k' }, joined: true, present: [] });
  });
});

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

suite('findCitations: Typst and reStructuredText', () => {
  test('Typst: references, supplements, #cite with a label, not in raw text, comments, strings or labels', () => {
    const text = 'See @a and @b[p. 3] @c. #cite(<d>) #cite(label("e")) #ref(<f>)';
    assert.deepEqual(keysOf(text, 'typst'), ['a', 'b', 'c', 'd', 'e', 'f']);
    assert.deepEqual(findCitations('#cite(label("e"))', 'typst')[0].keys, [{ key: 'e', start: 13, end: 14 }]);
    assert.deepEqual(keysOf('`@no` ```\n@no\n``` // @no\n/* @no /* nested */ @no */ <label> \\@no $@no$ @a\n#let x = "@no"\n@b', 'typst'), ['a', 'b']);
    assert.deepEqual(keysOf('#figure([see @a], caption: [after @b]) #text(red)[@c] https://x.org/@no', 'typst'), ['a', 'b', 'c']);
  });

  test('reST: sphinxcontrib-bibtex roles, keys with pre- and post-text, not in literals, code or comments', () => {
    assert.deepEqual(keysOf(':cite:`a,b` :cite:p:`c` :cite:t:`d` :cite:ps:`e` :cite:ts:`f` :cite:ct:`g` :footcite:`h` :footcite:p:`i` :footcite:ts:`j`', 'rst'), ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
    const text = 'See :cite:p:`{see}a{p. 3}, b`.';
    assert.deepEqual(findCitations(text, 'rst')[0].keys, [{ key: 'a', start: 18, end: 19 }, { key: 'b', start: 27, end: 28 }]);
    assert.deepEqual(keysOf('``:cite:`no``\n\nA literal::\n\n    :cite:`no`\n\n.. code-block:: rst\n\n   :cite:`no`\n\n.. a comment :cite:`no`\n\n.. note::\n\n   :cite:`a`', 'rst'), ['a']);
    assert.deepEqual(keysOf('word:cite:`no` \\:cite:`no` (:cite:`a`)', 'rst'), ['a']);
  });
});

suite('the scanners stay fast and linear', () => {
  /** A document of `lines` lines with `citations` citations in the syntax's usual forms. */
  function document(syntax: 'latex' | 'pandoc' | 'typst' | 'rst', lines: number, citations: number): string {
    const forms = {
      latex: (i: number) => `\\citep[p.~${i}]{key${i},other${i}} and % a comment \\cite{no}`,
      pandoc: (i: number) => `[see @key${i}, p. ${i}; @other${i}] and \`code\` me@example.com`,
      typst: (i: number) => `@key${i}[p. ${i}] and #cite(<other${i}>) // @no`,
      rst: (i: number) => `:cite:p:\`key${i}, other${i}\` and \`\`literal\`\``,
    };
    const out: string[] = [];
    for (let i = 0; i < lines; i++) out.push(i % Math.floor(lines / citations) === 0 ? `Text ${forms[syntax](i)} more words.` : (i % 10 === 9 ? '' : 'Plain prose with some words, numbers 1990, and punctuation; nothing to cite here.'));
    return out.join('\n');
  }

  test('a 5,000-line document with 1,000 citations: every key, in a few milliseconds, reading each character a few times', () => {
    for (const syntax of ['latex', 'pandoc', 'typst', 'rst'] as const) {
      const text = document(syntax, 5000, 1000);
      findCitations(text, syntax);
      const work = scanWork();
      const started = process.hrtime.bigint();
      const runs = 5;
      let found = 0;
      for (let i = 0; i < runs; i++) found = findCitations(text, syntax).flatMap(c => c.keys).length;
      const ms = Number(process.hrtime.bigint() - started) / 1e6 / runs;
      const perChar = (scanWork() - work) / runs / text.length;
      console.log(`      [scan] ${syntax}: ${text.length} characters, ${found} keys, ${ms.toFixed(2)} ms, ${perChar.toFixed(2)} reads per character`);
      assert.equal(found, 2000, syntax);
      assert.ok(perChar < 8, `${syntax} reads ${perChar} times per character`);
      assert.ok(ms < 250, `${syntax} took ${ms} ms`);
    }
  });

  test('pathological texts: the work grows linearly (counted, not timed) and nothing overflows the stack', () => {
    const cases: [string, 'latex' | 'pandoc' | 'typst' | 'rst', (n: number) => string][] = [
      ['\\cite{ ×n, unclosed', 'latex', n => '\\cite{'.repeat(n)],
      ['\\cite{a\\n ×n', 'latex', n => '\\cite{a\n'.repeat(n)],
      ['\\cite[ ×n', 'latex', n => '\\cite['.repeat(n)],
      ['\\cites{a} ×n then [', 'latex', n => `${'\\cites{a}'.repeat(n)}[`],
      ['{ ×n', 'latex', n => `\\cite${'{'.repeat(n)}`],
      ['\\url{ ×n', 'latex', n => '\\url{'.repeat(n)],
      ['\\verb ×n, other delimiters', 'latex', n => Array.from({ length: n }, (_, i) => `\\verb${String.fromCharCode(0x4e00 + (i % 5000))}`).join('')],
      ['\\begin{ ×n', 'latex', n => '\\begin{'.repeat(n)],
      ['\\iffalse ×n', 'latex', n => '\\iffalse \\if'.repeat(n)],
      ['1 MB line of @', 'pandoc', n => '@'.repeat(n * 8)],
      ['[ ×n', 'pandoc', n => '['.repeat(n)],
      ['[@a ×n', 'pandoc', n => '[@a '.repeat(n)],
      ['@{ ×n', 'pandoc', n => '@{'.repeat(n)],
      ['backticks', 'pandoc', n => Array.from({ length: n }, (_, i) => '`'.repeat(1 + (i % 7))).join(' a ')],
      ['$a ×n', 'pandoc', n => '$a '.repeat(n)],
      ['<!-- ×n', 'pandoc', n => '<!-- '.repeat(n)],
      ['<a x=" ×n', 'pandoc', n => "<a x='".repeat(n)],
      ['[x]( ×n', 'pandoc', n => `${'[x]( a '.repeat(n)}${')'.repeat(n)}`],
      ['> ×n (nested quotes)', 'pandoc', n => `${'>'.repeat(n)} @a`],
      ['- ×n (nested lists)', 'pandoc', n => Array.from({ length: 2000 }, (_, i) => `${' '.repeat(2 * i)}- @a${i}`).join('\n') + '\n'.repeat(n / 1000)],
      ['```x lines', 'pandoc', n => '```x\n'.repeat(n)],
      ['*a ×n', 'pandoc', n => '*a '.repeat(n)],
      ['@ ×n', 'typst', n => '@'.repeat(n * 8)],
      ['[ ×n', 'typst', n => '#f['.repeat(n)],
      ['/* ×n', 'typst', n => '/*'.repeat(n)],
      [':cite:` ×n', 'rst', n => ':cite:`a\n'.repeat(n)],
      ['` ×n', 'rst', n => '`a\n'.repeat(n)],
      ['{ in roles', 'rst', n => `:cite:\`${' '.repeat(n)}{\``],
    ];
    for (const [name, syntax, make] of cases) {
      const small = make(2000);
      const large = make(20000);
      const before = scanWork();
      findCitations(small, syntax);
      const smallWork = scanWork() - before;
      findCitations(large, syntax);
      const largeWork = scanWork() - before - smallWork;
      // Ten times the text, about ten times the work: never a hundred.
      assert.ok(largeWork / large.length < 16, `${name}: ${largeWork} reads for ${large.length} characters`);
      assert.ok(largeWork < 20 * (smallWork + small.length), `${name}: ${smallWork} → ${largeWork} reads`);
    }
  });
});

suite('keyAtIn: the key among a whole document\'s citations, as the host looks it up', () => {
  test('answers as findKeyAt does at every offset of the sample workspace\'s documents, and in plain text', () => {
    const folder = join(ROOT, 'test/fixtures/workspace');
    const languages: Record<string, string> = { '.tex': 'latex', '.md': 'markdown', '.typ': 'typst', '.txt': 'plaintext' };
    let keys = 0;
    for (const name of readdirSync(folder)) {
      const languageId = languages[name.slice(name.lastIndexOf('.'))];
      if (!languageId) continue;
      const text = readFileSync(join(folder, name), 'utf8');
      const citations = citationsOfLanguage(text, languageId);
      for (let offset = 0; offset <= text.length; offset++) {
        const found = findKeyAt(text, offset, languageId);
        assert.deepEqual(keyAtIn(citations, offset), found, `${name} at ${offset}`);
        if (found) keys++;
      }
    }
    assert.ok(keys > 40, `${keys} offsets on a key`);
  });

  test('plain text has LaTeX commands and bracketed Pandoc citations, never a bare @word', () => {
    const text = 'See \\cite{a} and [@b], or mail me@example.com';
    assert.deepEqual(citationsOfLanguage(text, 'plaintext').flatMap(c => c.keys.map(k => k.key)), ['a', 'b']);
  });
});
