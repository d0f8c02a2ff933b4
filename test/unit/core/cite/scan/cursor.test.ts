// The lookups around a cursor: the key under it, whether a key is being typed there, the
// citations of its paragraph, and the key among a whole document's citations as the host asks.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { citationsOfLanguage, completionContextAt, findCitations, findCitationsNear, findKeyAt, keyAtIn } from '../../../../../src/core/cite/scan';
import { ROOT } from '../../../support/seeds';
import { cursor, keyAt } from './marked';

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
