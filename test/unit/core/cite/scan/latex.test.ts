// LaTeX's citations as biblatex and natbib read them, and a key joined into a multicite.
import * as assert from 'node:assert/strict';
import { citationEdit, joinCitation } from '../../../../../src/core/cite/join';
import { findCitations } from '../../../../../src/core/cite/scan';
import { cursor, keysOf } from './marked';

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
