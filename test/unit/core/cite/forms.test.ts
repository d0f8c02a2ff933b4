import * as assert from 'node:assert/strict';
import { cslItem, plainReference, type CitablePaper } from '../../../../src/core/bibliography/paperEntry';
import {
  citationText, DEFAULT_SETTINGS, defaultTemplate, formatKeys, isKeysTemplate, readCitationSettings, templateFor,
  type CitationTemplate, type KeysTemplate,
} from '../../../../src/core/cite/forms';
import { syntaxOfLanguage } from '../../../../src/core/cite/languages';

const paper = (key: string, title = `Title of ${key}`): CitablePaper => ({ key, title, authorsCount: null, organization: null, date: null, year: null, links: [] });
const cite = (languageId: string, keys: string[], settings = DEFAULT_SETTINGS) => citationText(keys.map(k => paper(k)), templateFor(languageId, settings));

suite('citation forms by language', () => {
  test('LaTeX languages: \\cite{…}, keys joined by commas', () => {
    for (const id of ['latex', 'tex', 'latex-expl3', 'doctex']) {
      assert.equal(cite(id, ['a']), '\\cite{a}');
      assert.equal(cite(id, ['a', 'b']), '\\cite{a,b}');
    }
  });

  test('the LaTeX command is configurable, with or without its backslash', () => {
    for (const command of ['\\citep', '\\citet', '\\autocite', '\\parencite', 'citep']) {
      const { settings, problems } = readCitationSettings({ latexCommand: command });
      assert.deepEqual(problems, []);
      assert.equal(cite('latex', ['a', 'b'], settings), `${command.startsWith('\\') ? command : `\\${command}`}{a,b}`);
    }
  });

  test('Markdown, Quarto and R Markdown: [@a; @b]', () => {
    for (const id of ['markdown', 'quarto', 'rmd']) {
      assert.equal(cite(id, ['a']), '[@a]');
      assert.equal(cite(id, ['a', 'b']), '[@a; @b]');
    }
  });

  test('Typst: @a @b; reStructuredText: :cite:`a,b`', () => {
    assert.equal(cite('typst', ['a']), '@a');
    assert.equal(cite('typst', ['a', 'b']), '@a @b');
    assert.equal(cite('restructuredtext', ['a']), ':cite:`a`');
    assert.equal(cite('restructuredtext', ['a', 'b']), ':cite:`a,b`');
  });

  test('a .bib file gets whole BibTeX entries, separated by a blank line', () => {
    const text = cite('bibtex', ['a', 'b']);
    assert.match(text, /^@misc\{a,\n[\s\S]*\}\n\n@misc\{b,\n[\s\S]*\}\n$/);
  });

  test('anything else gets the plain reference, one per line', () => {
    for (const id of ['plaintext', 'python', 'unknown-language']) {
      assert.equal(cite(id, ['a', 'b']), `${plainReference(paper('a'))}\n${plainReference(paper('b'))}`);
    }
    assert.equal(syntaxOfLanguage('python'), null);
  });

  test('CSL-JSON entry template writes a JSON array of items', () => {
    assert.deepEqual(JSON.parse(citationText([paper('a')], { entry: 'csl-json' })), [cslItem(paper('a'))]);
  });
});

suite('citation settings', () => {
  test('a user template for a language replaces the default, others keep theirs', () => {
    const { settings, problems } = readCitationSettings({
      templates: { markdown: { before: '\\citep{', separator: ', ', after: '}' }, plaintext: { entry: 'biblatex' } },
    });
    assert.deepEqual(problems, []);
    assert.equal(cite('markdown', ['a', 'b'], settings), '\\citep{a, b}');
    assert.match(cite('plaintext', ['a'], settings), /^@online\{a,/);
    assert.equal(cite('quarto', ['a'], settings), '[@a]');
  });

  test('keyPrefix defaults to nothing', () => {
    const template = readCitationSettings({ templates: { x: { before: '<', separator: '|', after: '>' } } }).settings.templates.x;
    assert.deepEqual(template, { before: '<', keyPrefix: '', separator: '|', after: '>' });
  });

  test('bad settings give clear messages naming the setting and field, and fall back to defaults', () => {
    const { settings, problems } = readCitationSettings({
      latexCommand: '\\footcite',
      templates: { latex: { before: '\\cite{', separator: '', after: '}' }, rst: { entry: 'ris' }, typst: 'at', markdown: { before: '[', separator: ';', after: ']', colour: 'red' } },
    });
    assert.equal(settings.latexCommand, '\\cite');
    assert.deepEqual(settings.templates, {});
    assert.equal(problems.length, 5);
    assert.match(problems[0], /^papers\.citation\.latexCommand: must be one of \\cite, \\citep, \\citet, \\autocite, \\parencite \(using \\cite\)$/);
    assert.match(problems[1], /^papers\.citation\.templates\.latex: separator: separator must not be empty/);
    assert.match(problems[2], /^papers\.citation\.templates\.rst: entry: .*"bibtex"/);
    assert.match(problems[3], /^papers\.citation\.templates\.typst: must be an object/);
    assert.match(problems[4], /^papers\.citation\.templates\.markdown: .*colour/);
    assert.deepEqual(templateFor('latex', settings), defaultTemplate('latex'));
  });

  test('templates that are not an object at all are reported, not thrown', () => {
    for (const templates of ['nope', 42, ['a']]) {
      const { problems } = readCitationSettings({ templates });
      assert.equal(problems.length, 1, String(templates));
      assert.match(problems[0], /^papers\.citation\.templates: must be an object/);
    }
    assert.deepEqual(readCitationSettings({ templates: null, latexCommand: undefined }).problems, []);
  });

  test('templates are JSON: a default survives a round trip through settings', () => {
    for (const id of ['latex', 'markdown', 'typst', 'restructuredtext', 'bibtex', 'plaintext']) {
      const template: CitationTemplate = defaultTemplate(id);
      const { settings } = readCitationSettings({ templates: { [id]: JSON.parse(JSON.stringify(template)) } });
      assert.deepEqual(settings.templates[id], template);
    }
  });

  test('formatKeys puts the prefix before each key', () => {
    const template = defaultTemplate('markdown');
    assert.ok(isKeysTemplate(template));
    assert.equal(formatKeys(['x', 'y', 'z'], template as KeysTemplate), '[@x; @y; @z]');
  });
});
