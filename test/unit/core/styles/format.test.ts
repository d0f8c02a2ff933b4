import * as assert from 'node:assert/strict';
import { parseBib } from '../../../../src/core/bibliography/bibtex/parse';
import { bibFileItems, paperCslItem } from '../../../../src/core/styles/items';
import type { CslItem } from '../../../../src/core/styles/engine';
import { htmlToMarkdown, safeHtml } from '../../../../src/core/styles/output';
import { createStyleEngine } from '../../../../src/styles';

const bib = (text: string) => bibFileItems(parseBib(text).entries);
const apa = createStyleEngine('apa');
const ieee = createStyleEngine('ieee');

suite('.bib entries as CSL items, as pandoc reads them', () => {
  test('names with particles, suffixes and corporate authors in braces', () => {
    const [item] = bib('@article{a, author = {Ludwig van Beethoven and de la Fontaine, Jean and Smith, Jr., John and {Barnes and Noble} and {van Gogh}, Vincent}, title = {T}, year = 2000}');
    assert.deepEqual(item.author, [
      { given: 'Ludwig', 'dropping-particle': 'van', family: 'Beethoven' },
      { given: 'Jean', 'dropping-particle': 'de la', family: 'Fontaine' },
      { given: 'John', family: 'Smith', suffix: 'Jr.' },
      { literal: 'Barnes and Noble' },
      { given: 'Vincent', 'non-dropping-particle': 'van', family: 'Gogh' },
    ]);
    assert.equal(apa.reference(item, 'text'), 'Beethoven, L. van, Fontaine, J. de la, Smith, J., Jr., Barnes and Noble, & van Gogh, V. (2000). T.');
  });

  test('an entry read again under the same key is formatted as it now reads', () => {
    const [before] = bib('@book{k, title = {Before}, year = 2001}');
    const [after] = bib('@book{k, title = {After}, year = 2002}');
    assert.equal(apa.reference(before, 'text'), 'Before. (2001).');
    assert.equal(apa.reference(after, 'text'), 'After. (2002).');
  });

  test('a missing date is "n.d.", a year that is not a number too, and a month as a macro or a number', () => {
    const [none, words, month] = bib('@book{a, title = {No Date}}\n@book{b, title = {In Press}, year = {in press}}\n@article{c, title = {T}, year = 2020, month = jun, journal = {J}}');
    assert.equal(none.issued, undefined);
    assert.deepEqual(words.issued, { 'date-parts': [] });
    assert.deepEqual(month.issued, { 'date-parts': [[2020, 6]] });
    assert.match(apa.reference(none, 'text'), /\(n\.d\.\)/);
    assert.match(apa.reference(words, 'text'), /\(n\.d\.\)/);
  });

  test('a crossref child inherits its proceedings: title as booktitle, editors, publisher, year', () => {
    const items = bib(`@inproceedings{child, crossref = {proc}, author = {Doe, Jane}, title = {A Paper}, pages = {1--10}}
@proceedings{proc, title = {Proceedings of the Big Conference}, editor = {Roe, Rick}, year = 2020, publisher = {ACM}}`);
    const child = items.find(i => i.id === 'child')!;
    assert.equal(child['container-title'], 'Proceedings of the big conference');
    assert.equal(child.publisher, 'ACM');
    assert.deepEqual(child.issued, { 'date-parts': [[2020]] });
    assert.equal(child.page, '1-10');
    assert.equal(apa.reference(child, 'text'), 'Doe, J. (2020). A paper. In R. Roe (Ed.), Proceedings of the big conference (pp. 1–10). ACM.');
  });

  test('English titles in sentence case, braced words kept; other languages and non-Latin titles as written', () => {
    const [en, de, ru, ja] = bib(`@article{en, title = {The {iPhone} and {Bayesian} Methods: A New Approach}, journal = {J}}
@article{de, title = {Über die Elektrodynamik Bewegter Körper}, langid = {german}, journal = {J}}
@article{ru, title = {Теория Относительности}, journal = {J}}
@article{ja, title = {機械学習の基礎}, journal = {J}}`);
    assert.equal(en.title, 'The iPhone and Bayesian methods: A new approach');
    assert.equal(de.title, 'Über die Elektrodynamik Bewegter Körper');
    assert.equal(de.language, 'de-DE');
    assert.equal(ru.title, 'Теория относительности');
    assert.equal(ja.title, '機械学習の基礎');
    assert.match(apa.reference(ja, 'text'), /^機械学習の基礎\. \(n\.d\.\)\. J\.$/);
  });

  test('LaTeX read as pandoc reads it: accents, emphasis, math kept as TeX, unknown commands dropped', () => {
    const [item] = bib('@misc{a, title = {{\\"U}ber \\emph{Deep} Nets for $\\alpha$ and \\foo{bar}Data}, note = {50\\%}}');
    assert.equal(item.title, 'Über <i>deep</i> nets for \\alpha and data');
    assert.equal(item.note, '50%');
    assert.equal(item.type, '');
  });

  test('a paper with its .bib text, its CSL-JSON item, or none (a bundled paper)', () => {
    const base = { title: 'Attention', authorsCount: null, organization: null, date: null, year: 2017, links: [] };
    const fromBib = paperCslItem({ ...base, key: 'v', reference: { key: 'v', line: 1, sourceType: 'article', type: 'article-journal', raw: '@article{v, author = {Vaswani, Ashish}, title = {Attention Is All You Need}, journal = jnl, year = 2017}', containerTitle: 'Journal of Things' } });
    assert.equal(fromBib.title, 'Attention is all you need');
    // The macro is defined elsewhere in the file: the reference, read with the whole file, says it.
    assert.equal(fromBib['container-title'], 'Journal of Things');
    const item = { id: 'x', type: 'book', title: 'As Written' };
    assert.deepEqual(paperCslItem({ ...base, key: 'k', reference: { key: 'x', line: 1, sourceType: 'book', type: 'book', item } }), { ...item, id: 'k' });
    const bundled = paperCslItem({ ...base, key: 'B2017' });
    assert.equal(bundled.id, 'B2017');
    assert.equal(apa.reference(bundled, 'text'), 'Attention. (2017).');
  });

  test('a bundled title\'s caret superscript reads as its .bib entry\'s math does in pandoc: "τ^2-Bench" is "τ²-Bench"', () => {
    const base = { authorsCount: null, organization: null, date: null, year: null, links: [] };
    const tau = paperCslItem({ ...base, key: 'tau2Bench', title: 'τ^2-Bench: Evaluating Conversational Agents in a Dual-Control Environment' });
    assert.equal(tau.title, 'τ²-Bench: Evaluating Conversational Agents in a Dual-Control Environment');
    assert.match(apa.reference(tau, 'text'), /^τ²-Bench: Evaluating Conversational Agents/);
    assert.match(apa.reference(tau, 'html'), /^<i>τ<sup>2<\/sup>-Bench: Evaluating Conversational Agents/, 'as pandoc\'s HTML writes it');
    assert.match(apa.reference(tau, 'markdown'), /^\*τ²-Bench: Evaluating Conversational Agents/, 'the hover');
    assert.equal(paperCslItem({ ...base, key: 'm', title: 'Model^10 and x^2' }).title, 'Model¹⁰ and x²');
    assert.equal(paperCslItem({ ...base, key: 'f', title: 'FaSTA^*: Fast-Slow' }).title, 'FaSTA^*: Fast-Slow', 'as pandoc prints it in plain text, caret and all');
    const user = paperCslItem({ ...base, key: 'u', title: 'x^2', reference: { key: 'u', line: 1, sourceType: 'book', type: 'book', item: { id: 'u', type: 'book', title: 'x^2' } } });
    assert.equal(user.title, 'x^2', 'the writer\'s own entry as written');
  });
});

suite('formatting', () => {
  const items: CslItem[] = [
    { id: 'b', type: 'article-journal', title: 'Second', author: [{ family: 'Zed', given: 'Z.' }], issued: { 'date-parts': [[2020]] }, 'container-title': 'J', DOI: '10.1/x_y' },
    { id: 'a', type: 'book', title: 'First', author: [{ family: 'Abe', given: 'A.' }], issued: { 'date-parts': [[2019]] } },
  ];

  test("a bibliography comes in the style's order, with progress; citations in the style's form", () => {
    const progress: number[] = [];
    assert.deepEqual(apa.bibliography(items, 'text', fraction => progress.push(fraction)).map(e => e.key), ['a', 'b']);
    assert.deepEqual(progress, [1]);
    const many: CslItem[] = Array.from({ length: 250 }, (_, i) => ({ id: `k${i}`, type: 'book', title: `Book ${i}`, author: [{ family: `Name${String(249 - i).padStart(3, '0')}` }] }));
    const steps: number[] = [];
    const ordered = apa.bibliography(many, 'text', fraction => steps.push(fraction));
    assert.equal(ordered[0].key, 'k249');
    assert.deepEqual(steps, [0.2, 0.4, 0.7, 0.9, 1]);
    assert.deepEqual(ieee.bibliography(items, 'text').map(e => e.text), ['[1] Z. Zed, “Second,” J, 2020, doi: 10.1/x_y.', '[2] A. Abe, First. 2019.']);
    assert.deepEqual(apa.citations(items, 'text'), [{ key: 'b', text: '(Zed, 2020)' }, { key: 'a', text: '(Abe, 2019)' }]);
    assert.deepEqual(ieee.citations(items, 'text').map(c => c.text), ['[1]', '[2]']);
  });

  test('citations asked again are given again, and made anew when an entry changes or one is added', () => {
    const engine = createStyleEngine('ieee');
    const cited: CslItem[] = [
      { id: 'p', type: 'book', title: 'P', author: [{ family: 'Pe' }], issued: { 'date-parts': [[2001]] } },
      { id: 'q', type: 'book', title: 'Q', author: [{ family: 'Qu' }], issued: { 'date-parts': [[2002]] } },
    ];
    assert.deepEqual(engine.citations(cited, 'text').map(c => c.text), ['[1]', '[2]']);
    const again = engine.citations(cited, 'text');
    again[0].text = 'changed by the caller';
    assert.deepEqual(engine.citations(cited, 'text').map(c => c.text), ['[1]', '[2]'], 'what is given is a copy');
    assert.deepEqual(engine.citations([cited[1], cited[0]], 'text').map(c => [c.key, c.text]), [['q', '[1]'], ['p', '[2]']], 'another order');
    const apa = createStyleEngine('apa');
    assert.deepEqual(apa.citations(cited, 'html').map(c => c.text), ['(Pe, 2001)', '(Qu, 2002)']);
    assert.deepEqual(apa.citations([{ ...cited[0], author: [{ family: 'Pea' }] }, cited[1]], 'html').map(c => c.text), ['(Pea, 2001)', '(Qu, 2002)'], 'an edited entry');
    assert.deepEqual(apa.citations([...cited, { ...cited[1], id: 'r' }], 'markdown').map(c => c.text), ['(Pe, 2001)', '(Qu, 2002a)', '(Qu, 2002b)'], 'one added: disambiguated');
  });

  test('a hover between two previews keeps what the preview registered: the second registers nothing again', () => {
    const many: CslItem[] = Array.from({ length: 250 }, (_, i) => ({ id: `r${i}`, type: 'book', title: `Volume ${i}`, author: [{ family: `Writer${i}` }] }));
    const first: number[] = [];
    apa.bibliography(many, 'html', fraction => first.push(fraction));
    assert.deepEqual(first, [0.2, 0.4, 0.7, 0.9, 1], 'registered, then formatted');
    assert.equal(apa.reference({ id: 'other', type: 'book', title: 'Hovered' }, 'markdown'), '*Hovered*. (n.d.).');
    assert.equal(apa.reference(many[3], 'markdown'), 'Writer3. (n.d.). *Volume 3*.');
    const again: number[] = [];
    apa.bibliography(many, 'html', fraction => again.push(fraction));
    assert.deepEqual(again, [0.7, 0.9, 1], 'formatted only');
  });

  test('a document\'s references are formatted ahead, one a step, those kept passed over; an edited entry is not kept', () => {
    const engine = createStyleEngine('apa');
    const cited: CslItem[] = [
      { id: 'x', type: 'book', title: 'Ex', issued: { 'date-parts': [[2001]] } },
      { id: 'y', type: 'book', title: 'Why', issued: { 'date-parts': [[2002]] } },
    ];
    engine.reference(cited[1], 'markdown');
    assert.deepEqual([...engine.referencesAhead(cited, 'markdown')], ['x'], 'y was kept');
    assert.ok(cited.every(item => engine.hasReference(item, 'markdown')));
    assert.equal(engine.hasReference(cited[0], 'html'), false, 'another form is another reference');
    assert.equal(engine.hasReference({ ...cited[0], title: 'Ex, edited' }, 'markdown'), false);
    assert.deepEqual([...engine.referencesAhead(cited, 'markdown')], []);
  });

  test('a reference is formatted anew when its entry changes, in place or read again, and a bibliography too', () => {
    const item: CslItem = { id: 'e', type: 'book', title: 'Old title', issued: { 'date-parts': [[2020]] } };
    assert.equal(apa.reference(item, 'markdown'), '*Old title*. (2020).');
    assert.equal(apa.reference(item, 'text'), 'Old title. (2020).');
    item.title = 'New title';
    assert.equal(apa.reference(item, 'markdown'), '*New title*. (2020).');
    assert.equal(apa.reference({ ...item, title: 'Newer title' }, 'markdown'), '*Newer title*. (2020).');
    assert.equal(apa.reference({ ...item, title: 'Old title' }, 'text'), 'Old title. (2020).');
    const texts = (list: CslItem[]) => apa.bibliography(list, 'text').map(e => e.text);
    assert.deepEqual(texts([items[1], item]), ['Abe, A. (2019). First.', 'New title. (2020).']);
    assert.deepEqual(texts([items[1], { ...item, title: 'Last title' }]), ['Abe, A. (2019). First.', 'Last title. (2020).']);
    assert.deepEqual(texts([items[1], { ...item, title: 'Last title' }]), ['Abe, A. (2019). First.', 'Last title. (2020).']);
  });

  test('dates written as CSL-JSON files write them (years as strings, open ranges) are read, not rejected', () => {
    const ranged: CslItem = { id: 'r', type: 'book', title: 'Ranged', issued: { 'date-parts': [['2014', 12, 31], ['2015', 1, 1]] } };
    const open: CslItem = { id: 'o', type: 'book', title: 'Open', issued: { 'date-parts': [['2014', 12, 31], [0]] } };
    assert.equal(apa.reference(ranged, 'text'), 'Ranged. (2014–2015).');
    assert.equal(apa.reference(open, 'text'), 'Open. (2014).');
    assert.deepEqual(apa.bibliography([ranged, open], 'text').map(e => e.error), [undefined, undefined]);
  });

  test('the three forms: plain text, HTML from citeproc-js, Markdown made from it', () => {
    const [first] = apa.bibliography([items[1]], 'html');
    assert.equal(first.text, 'Abe, A. (2019). <i>First</i>.');
    assert.equal(apa.reference(items[1], 'markdown'), 'Abe, A. (2019). *First*.');
    assert.equal(apa.reference(items[0], 'markdown'), 'Zed, Z. (2020). Second. *J*. <https://doi.org/10.1/x_y>');
    assert.equal(apa.reference(items[1], 'text'), 'Abe, A. (2019). First.');
  });

  test('tags citeproc-js would read as formatting (<b>, <i>, <sup>…) stay text when a field holds them', () => {
    const item: CslItem = { id: 'm', type: 'book', title: 'Of <i>E. coli</i> and x<sup>2</sup>', author: [{ family: 'Mallory <b>Bold</b>', given: 'M.' }], issued: { 'date-parts': [[2020]] } };
    assert.equal(apa.reference(item, 'text'), 'Mallory <b>Bold</b>, M. (2020). Of <i>E. coli</i> and x<sup>2</sup>.');
    const html = apa.reference(item, 'html');
    assert.equal(html, 'Mallory &lt;b&gt;Bold&lt;/b&gt;, M. (2020). <i>Of &lt;i&gt;E. coli&lt;/i&gt; and x&lt;sup&gt;2&lt;/sup&gt;</i>.');
    assert.doesNotMatch(html + apa.reference(item, 'markdown'), /\u2060/);
    assert.equal(item.title, 'Of <i>E. coli</i> and x<sup>2</sup>', 'the item given is not changed');
  });

  test('entry text never becomes markup, nor a javascript: link, in HTML or Markdown', () => {
    const hostile: CslItem = {
      id: 'h', type: 'webpage', title: '<script>alert(1)</script> <a href="javascript:alert(2)">click</a> [x](javascript:alert(3)) *bold*',
      author: [{ literal: '<img src=x onerror=alert(4)>' }], URL: 'javascript:alert(5)', issued: { 'date-parts': [[2020]] },
    };
    for (const engine of [apa, ieee]) {
      const html = engine.reference(hostile, 'html');
      assert.doesNotMatch(html, /<(?!\/?(?:i|b|sup|sub|span|div)[ >])/i, html);
      assert.doesNotMatch(html, /<[^>]*(?:href|onerror)=/i, html);
      const markdown = engine.reference(hostile, 'markdown');
      assert.doesNotMatch(markdown, /(?<!\\)\]\((?!<https:)|(?<!\\)<(?!https:\/\/)[a-z]/i, markdown);
      assert.match(markdown, /\\\[x\\\]\(javascript:alert\(3\)\)/);
      assert.doesNotMatch(markdown, /(?<!\\)\*bold(?<!\\)\*/);
    }
    assert.equal(safeHtml('<i>ok</i><a href="javascript:x">no</a><a href="https://doi.org/1">yes</a>'), '<i>ok</i>&lt;a href=&quot;javascript:x&quot;&gt;no&lt;/a&gt;<a href="https://doi.org/1">yes</a>');
    assert.equal(htmlToMarkdown('<a href="https://doi.org/1">see [1]</a> http://plain.org'), '[see \\[1\\]](<https://doi.org/1>) http://plain.org');
    assert.equal(htmlToMarkdown('τ<sup>2</sup>, H<sub>2</sub>O, x<sup>n+1</sup>, y<sup>*</sup>'), 'τ², H₂O, xⁿ⁺¹, y\\*', 'raised in Unicode where it can be');
  });
});
