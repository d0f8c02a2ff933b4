// The texts the real tools judge: the examples of the biblatex, natbib and pandoc manuals,
// realistic paragraphs, and texts made by seeded generators that mix every form the scanner
// must read (and everything it must not). Every generated text is valid LaTeX or Markdown: a
// judge that fails on a text tells nothing about it.

import { prng } from '../../../src/bench/synthetic';

/** The bench's seeded generator (mulberry32): the same texts on every run. */
export const random = prng;

type Rng = () => number;
const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)];
const chance = (r: Rng, p: number) => r() < p;
const times = (r: Rng, min: number, max: number) => min + Math.floor(r() * (max - min + 1));

// ---------------------------------------------------------------------------------------------
// LaTeX

/**
 * The biblatex manual's examples of citation commands (its `ltxexample` blocks, without the
 * highlighting marks), and one example of every command of its "Citation Commands" section.
 */
export const BIBLATEX_MANUAL: readonly string[] = [
  '\\cite{one}\n\\cite{two}',
  '\\cite{book, article, misc}',
  '\\cite{key1}\n\\begin{refcontext}[labelprefix=B]\n\\cite{key2}\n\\end{refcontext}',
  '\\parencites[35]{key1}[88--120]{key2}[23]{key3}',
  '\\parencites[35]{key1}[chapter 2 in][]{key2}[23]{key3}',
  '\\parencites(and chapter 3)[35]{key1}[78]{key2}[23]{key3}',
  '\\parencites(Compare)()[35]{key1}[78]{key2}[23]{key3}',
  '\\parencites(See)(and the introduction)[35]{key1}[78]{key2}[23]{key3}',
  '\\parencites[35]{key1}[78]{key2}\\relax[text]',
  '\\parencites[35]{key1}[78]{key2}\\ {text}',
  '\\autocite[\\pnfmt{378-381, 383} and more]{sigfridsson}',
  '\\cite{key1,setA,key2,setB}',
  '\\cite*[pre][post]{setA}',
  '\\cite[25]{key}\n\\cite[vii]{key}\n\\cite[XIV]{key}\n\\cite[34--38]{key}\n\\cite[iv--x]{key}\n\\cite[185/86]{key}\n\\cite[XI \\& XV]{key}\n\\cite[3, 5, 7]{key}\n\\cite[vii--x; 5, 7]{key}',
  '\\cite[\\pno~27a]{key}\n\\cite[\\ppno~27a--28c]{key}\n\\cite[\\nopp 25]{key}\n\\cite[VII, \\pno~5]{key}\n\\cite[VII, \\pno~3, \\ppno~40--45]{key}',
  '\\cite[see][\\ppno~37--46, in particular \\pno~40]{key}\n\\cite[\\pnfmt{37-46}, in particular \\pnfmt{40}]{key}',
  '\\cite[\\ppno~27~sq.]{key}\n\\cite[\\ppno~55~sqq.]{key}\n\\cite[27\\psq]{key}\n\\cite[55\\psqq]{key}\n\\cite[p.~5]{key}',
  'Lorem \\autocite{worman} ipsum \\autocite{sigfridsson}\ndolor \\autocite{nussbaum} sit \\autocite{aksin}',
  '\\cite{one,two}\n\\cite{a,b,c}',
  // One of each command of the manual's section on citation commands.
  '\\cite[See][15]{key} \\Cite{key} \\parencite[15--18]{key} \\Parencite[see][]{key}',
  '\\footcite[See][15]{key} \\footcitetext{key} \\textcite{key} \\Textcite[chap.~2]{key}',
  '\\smartcite{key} \\Smartcite{key} \\cite*{key} \\parencite*[25]{key} \\supercite{key}',
  '\\autocite{key} \\Autocite[see][5]{key} \\autocite*{key} \\Autocite*{key}',
  '\\autocites(See)(and elsewhere)[10]{key1}[20]{key2} \\Autocites{key1}{key2}',
  '\\citeauthor{key} \\citeauthor*{key} \\Citeauthor{key} \\Citeauthor*{key}',
  '\\citetitle{key} \\citetitle*{key} \\Citetitle{key} \\citeyear{key} \\citeyear*{key} \\citedate{key} \\citedate*{key} \\citeurl{key}',
  '\\volcite[See]{3}[25]{key} \\pvolcite{2}{key} \\fvolcite{4}[15]{key} \\ftvolcite[see]{5}{key}',
  '\\svolcite{6}[7]{key} \\tvolcite{7}{key} \\avolcite{8}[9]{key} \\Volcite{1}{key} \\Pvolcite{1}{key}',
  '\\Fvolcite{1}{key} \\Ftvolcite{1}{key} \\Svolcite{1}{key} \\Tvolcite{1}{key} \\Avolcite{1}{key}',
  '\\volcites(See)()[see]{3}[25]{key1}{4}{key2} \\pvolcites{1}[2]{key1}[see]{3}{key2} \\fvolcites{1}{key1}{2}{key2}',
  '\\ftvolcites{1}{key1}{2}{key2} \\svolcites{1}{key1}{2}{key2} \\tvolcites{1}{key1}{2}{key2} \\avolcites{1}{key1}{2}{key2}',
  '\\Volcites{1}{key1}{2}{key2} \\Pvolcites{1}{key1}{2}{key2} \\Fvolcites{1}{key1}{2}{key2} \\Tvolcites{1}{key1}{2}{key2} \\Avolcites{1}{key1}{2}{key2}',
  '\\fullcite{key} \\footfullcite[see][]{key} \\nocite{key1,key2} \\nocite{*}',
  '\\notecite[See][15]{key} \\Notecite{key} \\pnotecite{key} \\Pnotecite{key} \\fnotecite{key}',
  '\\citename{key}{author} \\citename[pre][post]{key}[\\mkbibbold]{author} \\citelist{key}{publisher} \\citefield{key}[\\mkbibemph]{title}',
  '\\cites(See)(and elsewhere)[pre][post]{key1}[pre][post]{key2} \\Cites{key1}{key2}',
  '\\parencites{key1}{key2} \\Parencites{key1}{key2} \\footcites{key1}{key2} \\footcitetexts{key1}{key2}',
  '\\smartcites{key1}{key2} \\Smartcites{key1}{key2} \\textcites{key1}{key2} \\Textcites{key1}{key2} \\supercites{key1}{key2}',
];

/** The natbib manual's examples (its tables of \citet and \citep forms); the last two only natbib defines. */
export const NATBIB_MANUAL: readonly string[] = [
  '\\citet{jon90} \\citet[chap.~2]{jon90} \\citep{jon90} \\citep[chap.~2]{jon90}',
  '\\citep[see][]{jon90} \\citep[see][chap.~2]{jon90} \\citet*{jon90} \\citep*{jon90}',
  '\\citealt{jon90} \\citealt*{jon90} \\citealp{jon90} \\citealp*{jon90} \\citealp{jon90,jam91} \\citealp[pg.~32]{jon90}',
  '\\citeauthor{jon90} \\citeauthor*{jon90} \\citeyear{jon90} \\citeyearpar{jon90}',
  '\\citet{jon90,jam91} \\citep{jon90,jam91} \\citep{jon90a,jon90b} \\citep{jon90,jon91} \\citep{jon90,jon90a}',
  '\\Citet{dRob98} \\Citep{dRob98} \\Citealt{dRob98} \\Citealp{dRob98} \\Citeauthor{dRob98}',
  '\\citep[see][p.~32]{jon90} and \\citep[e.g.][]{jon90, jam91}',
  '\\citepalias{jon90} \\citetalias{jon90}',
];
export const NATBIB_ONLY: readonly string[] = [
  '\\citenum{jon90} and \\citetext{priv.\\ comm.} and \\citetext{see \\citealp{jon90}}',
  'As \\citet{jon90} show, \\citetext{see also \\citealp[chap.~3]{jam91}}.',
];

/** Realistic LaTeX paragraphs, as papers write them. */
export const LATEX_PARAGRAPHS: readonly string[] = [
  'Large language models can use tools \\citep{schick2023toolformer,yao2022react}. As \\citet{wei2022chain} show,\nchain-of-thought prompting helps \\citep[see][Sec.~3]{wei2022chain}.',
  '% TODO: cite the survey \\cite{old2019survey}\nRetrieval augments generation~\\cite{lewis2020rag}; 50\\% of the gains come from it \\citep[p.~4]{izacard2021}.',
  'The method follows~\\textcite{vaswani2017}\\footnote{See also \\cite{bahdanau2015, luong2015}.} and\n\\parencite[cf.][]{devlin2019bert}.',
  'We build on prior work \\autocite{a,% the first\n  b,% the second\n  c}.',
  'Code:\n\\begin{verbatim}\n\\cite{not_a_citation}\n\\end{verbatim}\nand inline \\verb|\\cite{no}| but \\cite{yes}.',
  '\\begin{lstlisting}[language=TeX]\n\\parencite{listing}\n\\end{lstlisting}\nAfter the listing \\parencite{after2020}.',
  '\\begin{comment}\nAn old paragraph \\cite{dropped}.\n\\end{comment}\nThe new one \\cite{kept}.',
  '\\iffalse\nDraft text \\cite{draft}.\n\\fi\nFinal text \\cite{final}.',
  'See \\url{https://example.com/a%20b} and \\cite{url2020}. % \\cite{comment}',
  'Two volumes: \\volcite{2}[55]{knuth1968} and \\pvolcite[see]{3}{knuth1973}.',
  'Compare \\textcites(Compare)(for details)[23]{smith2020}[p.~5]{jones2021}{lee2019} with \\parencites{x2018}{y2019}.',
  '\\nocite{*}\nEverything is listed, and \\cite{explicit} too.',
  '\\section{Related work}\\label{sec:related}\nSee Section~\\ref{sec:related} and \\citeauthor{doe2020}~(\\citeyear{doe2020}).',
  'A line break \\\\% then a comment \\cite{hidden}\n\\cite{visible}',
];

/** Keys as .bib files write them; natbib prints a missing key's "_" in text mode (an error), biblatex does not with the underscore package. */
const NATBIB_KEYS = ['smith2020', 'doe:99', 'vanDerBerg2001', 'knuth1984', 'lamport.94', 'a', 'Z9', 'key-with-dash', 'x/y', 'ReAct2022', 'sigfridsson', 'aksin'];
const BIBLATEX_KEYS = [...NATBIB_KEYS, 'van_der_Berg_2001', 'a_b'];
const OPTIONAL = ['p.~3', 'see', '', 'chap.~2, \\S~3', 'p.~3 % a note\n', '\\emph{e.g.}', '25--30', 'cf.\\ '];
/** biblatex keeps the braces that hide a "]" in an optional argument; natbib drops them and reads on (see ALLOWED in the test). */
const BIBLATEX_OPTIONAL = [...OPTIONAL, '{see [1]}'];
const GAPS = ['', '', '', ' ', '\n', ' %\n  ', '%\n'];
const SEPARATORS = [',', ',', ', ', ' , ', ',\n  ', ',% note\n  ', ',%\n', ' ,\n'];
const WORDS = ['see', 'as shown in', 'The results', 'Moreover,', 'in contrast', 'following', 'recent work', '$x_1$', '\\emph{note}', '50\\% of', 'e.g.', '--', '(', ')', ';', 'and'];

/** biblatex's cite commands that take `\cmd*[pre][post]{keys}` (natbib's too, defined by natbib=true). */
const BIBLATEX_COMMANDS = ['cite', 'Cite', 'parencite', 'Parencite', 'footcite', 'footcitetext', 'textcite', 'Textcite', 'smartcite', 'Smartcite',
  'autocite', 'Autocite', 'citeauthor', 'Citeauthor', 'citetitle', 'citeyear', 'citedate', 'citeurl', 'fullcite', 'footfullcite', 'supercite',
  'notecite', 'pnotecite', 'fnotecite', 'citet', 'citep', 'citealt', 'citealp', 'Citet', 'Citep', 'citeyearpar'];
const BIBLATEX_MULTI = ['cites', 'Cites', 'parencites', 'Parencites', 'footcites', 'footcitetexts', 'smartcites', 'Smartcites', 'textcites', 'Textcites', 'supercites', 'autocites', 'Autocites'];
const BIBLATEX_VOL = ['volcite', 'pvolcite', 'fvolcite', 'ftvolcite', 'svolcite', 'tvolcite', 'avolcite', 'Volcite', 'Pvolcite', 'Avolcite'];
/** Commands both natbib and biblatex's natbib mode define. */
const NATBIB_COMMANDS = ['cite', 'citet', 'citep', 'citealt', 'citealp', 'Citet', 'Citep', 'Citealt', 'Citealp', 'citeauthor', 'Citeauthor', 'citeyear', 'citeyearpar'];
const NATBIB_STARRED = new Set(['citet', 'citep', 'citealt', 'citealp', 'Citet', 'Citep', 'citeauthor']);

function texKeyList(r: Rng, pool: readonly string[]): string {
  const keys = Array.from({ length: times(r, 1, 3) }, () => {
    const key = pick(r, pool);
    if (!chance(r, 0.08) || key.length < 2) return key;
    // A key cut by a comment (TeX joins its halves) or with spaces inside (one space to TeX).
    const k = times(r, 1, key.length - 1);
    return `${key.slice(0, k)}${pick(r, ['%\n  ', '%\n', '  ', ' \n  '])}${key.slice(k)}`;
  });
  let list = keys[0];
  for (const key of keys.slice(1)) list += pick(r, SEPARATORS) + key;
  if (chance(r, 0.15)) list = ` ${list} `;
  if (chance(r, 0.1)) list = `\n  ${list}\n`;
  if (chance(r, 0.05)) list += ',';
  return `{${list}}`;
}

const texOptional = (r: Rng, pool = BIBLATEX_OPTIONAL) => `[${pick(r, pool)}]`;

/** One citation command of the biblatex family: plain, starred, multicite, volume citation or \nocite. */
function biblatexCitation(r: Rng): string {
  const kind = r();
  if (kind < 0.55) {
    const name = pick(r, BIBLATEX_COMMANDS);
    let s = `\\${name}`;
    if (chance(r, 0.2)) s += `${pick(r, GAPS)}*`;
    for (let n = times(r, 0, 2); n > 0; n--) s += pick(r, GAPS) + texOptional(r);
    return s + pick(r, GAPS) + texKeyList(r, BIBLATEX_KEYS);
  }
  if (kind < 0.8) {
    const name = pick(r, BIBLATEX_MULTI);
    let s = `\\${name}`;
    if (chance(r, 0.1) && !name.startsWith('auto') && !name.startsWith('Auto')) s += '*';
    for (let n = times(r, 0, 2); n > 0; n--) s += `${pick(r, GAPS)}(${pick(r, ['See', 'and elsewhere', '', 'p.~3'])})`;
    for (let n = times(r, 1, 3); n > 0; n--) {
      for (let m = times(r, 0, 2); m > 0; m--) s += pick(r, GAPS) + texOptional(r);
      s += pick(r, GAPS) + texKeyList(r, BIBLATEX_KEYS);
    }
    return s;
  }
  if (kind < 0.92) {
    const multi = chance(r, 0.4);
    let s = `\\${pick(r, BIBLATEX_VOL)}${multi ? 's' : ''}`;
    if (multi && chance(r, 0.5)) s += `(${pick(r, ['See', ''])})`;
    for (let n = multi ? times(r, 1, 3) : 1; n > 0; n--) {
      if (chance(r, 0.4)) s += texOptional(r);
      s += chance(r, 0.85) ? `{${pick(r, ['3', 'IV', '2a'])}}` : ' 3';
      if (chance(r, 0.5)) s += `[${pick(r, ['55', '12--14', 'p.~2'])}]`;
      s += `{${pick(r, BIBLATEX_KEYS)}}`;
    }
    return s;
  }
  return chance(r, 0.3) ? '\\nocite{*}' : `\\nocite${pick(r, GAPS)}${texKeyList(r, BIBLATEX_KEYS)}`;
}

function natbibCitation(r: Rng): string {
  if (chance(r, 0.08)) return chance(r, 0.3) ? '\\nocite{*}' : `\\nocite${texKeyList(r, NATBIB_KEYS)}`;
  const name = pick(r, NATBIB_COMMANDS);
  let s = `\\${name}`;
  if (NATBIB_STARRED.has(name) && chance(r, 0.25)) s += `${pick(r, GAPS)}*`;
  for (let n = times(r, 0, 2); n > 0; n--) s += pick(r, GAPS) + texOptional(r, OPTIONAL);
  return s + pick(r, GAPS) + texKeyList(r, NATBIB_KEYS);
}

/** Something with a `\cite` in it that no tool reads as a citation. */
function texNotACitation(r: Rng): string {
  const no = `\\cite{no${times(r, 1, 99)}}`;
  return pick(r, [
    `% ${no}\n`,
    `% a comment with ${no} in it\n`,
    `\\verb|${no}|`,
    `\\verb+${no}+`,
    `\\verb*|${no}|`,
    `end\\\\% ${no}\n`,
    `end\\\\\\cite{yes${times(r, 1, 9)}}`,
    `\n\\begin{verbatim}\n${no}\n\\end{verbatim} \\cite{rightafter}`,
    `\\%${no.replace('\\', '\\\\')}`,
    `\n\\begin{verbatim}\n${no}\n\\end{verbatim}\n`,
    `\n\\begin{verbatim*}\n${no} %\n\\end{verbatim*}`,
    `\n\\begin{Verbatim}\n${no}\n\\end{Verbatim}\n`,
    `\n\\begin{lstlisting}[language=TeX]\n${no}\n\\end{lstlisting}\n`,
    `\\lstinline|${no}|`,
    `\n\\begin{minted}{latex}\n${no}\n\\end{minted}\n`,
    `\n\\begin{comment}\n${no}\n\\end{comment}\n`,
    `\n\\begin{comment} ${no}\n\\end{comment} \n`,
    `\\iffalse ${no} \\fi`,
    `\\iffalse ${no} \\ifx\\a\\b ${no} \\fi ${no} \\else \\cite{yes${times(r, 1, 9)}} \\fi`,
    `\\url{https://example.com/%7E${no}} \\cite{afterurl}`,
    `\\url|https://example.com/%7E| \\cite{afterurl}`,
    '\\citetext{not a key}',
  ]);
}

function latexText(r: Rng, citation: (r: Rng) => string): string {
  const pieces: string[] = [];
  for (let n = times(r, 2, 9); n > 0; n--) {
    const p = r();
    if (p < 0.55) pieces.push(citation(r));
    else if (p < 0.75) pieces.push(texNotACitation(r));
    else if (p < 0.82) pieces.push(`\\footnote{${pick(r, WORDS)} ${citation(r)}.}`);
    else if (p < 0.86) pieces.push(`100\\% ${citation(r)}`);
    else pieces.push('\n\n');
    // Never "[" or "{" right after a citation: biblatex would read on into it.
    pieces.push(pick(r, WORDS));
  }
  return pieces.join(pick(r, [' ', ' ', '\n', '~']));
}

export const biblatexText = (r: Rng) => latexText(r, biblatexCitation);
export const natbibText = (r: Rng) => latexText(r, natbibCitation);

// ---------------------------------------------------------------------------------------------
// Markdown

/** The pandoc manual's examples of its citation syntax ("Citation syntax"). */
export const PANDOC_MANUAL: readonly string[] = [
  'Blah blah [@doe99; @smith2000; @smith2004].',
  'In `@Foo_bar.baz.`, the key is `Foo_bar.baz`: @Foo_bar.baz. And @{Foo_bar.baz.} keeps the period. @Foo_bar--baz stops.',
  'The curly braces are recommended if you use URLs as keys: [@{https://example.com/bib?name=foobar&date=2000}, p.  33].',
  'Blah blah [see @doe99, pp. 33-35 and *passim*; @smith04, chap. 1].',
  '[@smith{ii, A, D-Z}, with a suffix]\n[@smith, {pp. iv, vi-xi, (xv)-(xvii)} with suffix here]\n[@smith{}, 99 years later]',
  'Smith says blah [-@smith04].',
  '@smith04 says blah.\n\n@smith04 [p. 33] says blah.',
  'Blah blah [@doe99, pp. 33-35, 38-39 and *passim*].',
  'Blah blah [@smith04; @doe99].',
  'Blah blah [see @doe99, pp. 33-35; also @smith04, chap. 1].',
  '[@jones99, p. 33-35]\n\n[-@jones99]',
  '---\nnocite: |\n  @item1, @item2\n---\n\nOnly [@item3] is cited in the text.',
];

/** Realistic Markdown, Quarto and R Markdown paragraphs. */
export const MARKDOWN_PARAGRAPHS: readonly string[] = [
  '---\ntitle: "Tools and @mentions"\nbibliography: refs.bib\n---\n\nLanguage models use tools [@schick2023toolformer; @yao2022react]. As @wei2022chain show, it helps.',
  'Write to me@example.com or first.last@uni.edu; see <https://example.com/@profile> and [the docs](https://x.org/@user).',
  '```python\n@decorator\ndef f(): pass\n```\n\nThe decorator above is no citation, but [@vanrossum1995] is.',
  'In `@code` nothing counts; in math $a@b$ neither; but after a URL https://example.com/@handle it does.',
  '- item citing @a2020\n- another [see @b2021, p. 4]\n\n    continued, still @c2022\n\n        code @no',
  '> A quote by @quoted2019.\n>\n>     @not_in_code\n\nThen [-@d2018].',
  'Müller wrote @Müller2019 and Tanaka @田中2020; naïve @naïve_2021.',
  'A note.^[See @footnote2020 for more.] And a figure:\n\n\\begin{figure}\n@not_raw_tex\n\\end{figure}\n\nDone [@e2017].',
  '<!-- [@commented_out] -->\nVisible [@visible2020].\n\n<div class="x">\n@in_div2021\n</div>',
  '| Method | Source |\n|---|---|\n| RAG | @lewis2020 |\n| CoT | [@wei2022, p. 2] |',
  '# Results @inheading2020 {#sec-results}\n\nSee [@f2016]{.mark} and [@g2015](https://g.org).',
  '```{r}\n#| label: fig-plot\nplot(x) # @not_a_citation\n```\n\nAs shown in @fig-plot and by @h2014.',
  '(@good) This is a good example.\n\nAs (@good) illustrates, and as @good says [@smith2020; @good].',
];

const MD_KEYS = ['doe99', 'smith2000', 'Müller2019', 'naïve_2020', '日本語2021', 'x:y', 'a.b', 'k-1', 'k/2', '_under', '1990', 'ReAct2022', 'Foo_bar', 'key+1', 'q?r'];
const MD_BRACED = ['{https://example.com/bib?x=1}', '{Foo_bar.baz.}', '{a b}', '{k{x}y}', '{x}}'];
const MD_TRAILING = ['', '', '', '.', ',', ':', ';', '?', '!', ')', '...', "'s", '--', '-', '.x', '_', '*', '@', '/x', '::y'];
const MD_PREFIX = ['', '', 'see ', 'also ', '*cf.* ', 'e.g. ', 'compare ', 'see `@no` '];
const MD_LOCATOR = ['', '', ', p. 3', ', pp. 33-35 and *passim*', ', chap. 1', ' p. 4', '{ii, A, D-Z}', ', {pp. iv, vi-xi}', ', and $x@no$', ', see @nested'];
// No "--" or "---" alone on a line: pandoc could read it as a table's rule.
const MD_WORDS = ['See', 'as shown by', 'the results', 'Moreover,', 'in contrast', 'following', 'recent work', 'naïve', 'Müller', '*emphasis*', '**strong**', 'x_y', 'e.g.', 'a -- b', '(', ')', ';', 'and', '...', '`code`', "it's", '"quoted"'];

const mdKey = (r: Rng) => (chance(r, 0.12) ? pick(r, MD_BRACED) : pick(r, MD_KEYS));

function mdCitation(r: Rng, ids: { note: number; ref: number }, defs: string[], notes = true): string {
  const p = r();
  if (p < 0.3) return `${chance(r, 0.15) ? '-' : ''}@${mdKey(r)}${pick(r, MD_TRAILING)}`;
  if (p < 0.6) {
    const items = Array.from({ length: times(r, 1, 3) }, () => `${pick(r, MD_PREFIX)}${chance(r, 0.2) ? '-' : ''}@${mdKey(r)}${pick(r, MD_LOCATOR)}`);
    return `[${items.join(pick(r, ['; ', ';', ' ; ', ';\n']))}]${pick(r, ['', '', '.', '{.class}', '(https://x.org/@no)', ' more'])}`;
  }
  if (p < 0.68) return `@${mdKey(r)} [${pick(r, ['p. 33', 'see also @other, p. 2', 'chap. 2'])}]`;
  if (p < 0.73) {
    // Matched pairs only: an inline note left open reads on to the next "]" even across paragraphs.
    // No "(@key)": at the start of a line it is an example list's item, whose label is the whole document's.
    const [open, close] = pick(r, [['(see ', ')'], ['"', '"'], ["'", "'"], ['*', '*'], ['**', '**'], ['_', '_'], ['^[See ', '.]'], ['( ', ')']]);
    return `${open}@${mdKey(r)}${pick(r, ['', '', '.', ','])}${close}`;
  }
  if (p < 0.77 && notes) {
    // A footnote's content is in pandoc's AST only where the note is referred to (and a note
    // referred to from another note, or never, is not there at all).
    ids.note++;
    defs.push(`[^n${ids.note}]: A note citing @${mdKey(r)}.`);
    return `text[^n${ids.note}]`;
  }
  if (p < 0.8) {
    ids.ref++;
    defs.push(`[ref${ids.ref}]: https://example.com/@no "@no"`);
    return `[see @${mdKey(r)}][ref${ids.ref}]`;
  }
  return `${pick(r, ['word', 'Müller', 'x.', 'x...', 'x..', '*x*', 'x_'])}@${mdKey(r)}`;
}

function mdNotACitation(r: Rng): string {
  const k = `no${times(r, 1, 99)}`;
  return pick(r, [
    `\`@${k}\``, `\`\`x @${k} \` y\`\``, `me@example.com`, `first.last@uni.edu`, `<me@example.com>`, `<https://x.org/@${k}>`,
    `[link](https://example.com/@${k})`, `[link](<https://e.com/a b/@${k}>)`, `$@${k}$`, `$x = @${k}$`, `$$@${k}$$`, `\\@${k}`,
    `<!-- @${k} -->`, `\\emph{@${k}}`, `\\cite{${k}}`, `<span title="@${k}">text</span>`, `@ ${k}`, `@-${k}`, `&#64;${k}`,
    `\\foo {@${k}}`, `\\foo[@${k}]{x}`, `\\alpha@${k}`, `[x](u "@${k}")`, `![@${k}](a.png "t")`.replace('![', '![alt '),
    `<a href="https://x/@${k}">a</a>`, `x \`\`\`@${k}\`\`\``, `[x][@${k}]`,
  ]);
}

function mdParagraph(r: Rng, ids: { note: number; ref: number }, defs: string[]): string {
  const pieces: string[] = [];
  for (let n = times(r, 2, 8); n > 0; n--) {
    const p = r();
    if (p < 0.5) pieces.push(mdCitation(r, ids, defs));
    else if (p < 0.7) pieces.push(mdNotACitation(r));
    pieces.push(pick(r, MD_WORDS));
  }
  return pieces.join(pick(r, [' ', ' ', ' ', '\n']));
}

function mdBlock(r: Rng, ids: { note: number; ref: number }, defs: string[]): string {
  const p = r();
  const para = () => mdParagraph(r, ids, defs);
  if (p < 0.5) return para();
  if (p < 0.56) return `${'#'.repeat(times(r, 1, 3))} ${para().replace(/\n/g, ' ')}${pick(r, ['', ' {#sec-x}', ' ##'])}`;
  if (p < 0.64) return Array.from({ length: times(r, 1, 3) }, () => `${pick(r, ['-', '*', '1.', '(a)'])} ${para().replace(/\n/g, ' ')}`).join('\n');
  if (p < 0.68) return `- item ${mdCitation(r, ids, defs)}\n\n    continued ${mdCitation(r, ids, defs)}`;
  if (p < 0.73) return `> ${para().replace(/\n/g, '\n> ')}`;
  if (p < 0.78) return `${pick(r, ['```', '~~~', '```python', '``` {.r}', '````'])}\n@no_code(x)\n[@no_code]\n${pick(r, ['```', '~~~'])}`.replace(/^(`+|~+)(.*)\n([\s\S]*)\n(`+|~+)$/, (_, open: string, info: string, body: string) => `${open}${info}\n${body}\n${open}`);
  if (p < 0.82) return `    @no_indented [@no_indented]\n    more code`;
  if (p < 0.85) return `<!--\n[@no_comment]\n-->`;
  if (p < 0.88) return `\\begin{figure}\n@no_raw [@no_raw]\n\\end{figure}`;
  if (p < 0.91) return `| a | ${mdCitation(r, ids, defs).replace(/[|\n]/g, ' ')} |\n|---|---|\n| x | y |`;
  if (p < 0.94) return `<div>\n${para()}\n</div>`;
  if (p < 0.97) return `Term ${mdCitation(r, ids, defs).replace(/\n/g, ' ')}\n:   Definition ${mdCitation(r, ids, defs).replace(/\n/g, ' ')}`;
  if (p < 0.985) return `::: {.note}\n${para()}\n:::`;
  return mdStructure(r, ids, defs);
}

/** Blocks inside blocks: lists with code and quotes, quotes with lists, setext headings, raw blocks over several lines. */
function mdStructure(r: Rng, ids: { note: number; ref: number }, defs: string[]): string {
  const cite = () => mdCitation(r, ids, defs, false).replace(/\n/g, ' ');
  return pick(r, [
    () => `- item ${cite()}\n\n    \`\`\`\n    @no_fenced_in_item\n    \`\`\`\n\n    after ${cite()}`,
    () => `1. one ${cite()}\n2. two\n\n   continued ${cite()}\n\n       code @no_in_item_code\n\n3. three ${cite()}`,
    () => `* a\n\n    * nested ${cite()}\n\n        nested paragraph ${cite()}\n\n            @no_nested_code`,
    () => `> quoted ${cite()}\n> - in a list ${cite()}\n>\n>     @no_quoted_code\n\nafter the quote ${cite()}`,
    () => `> lazy ${cite()}\ncontinued lazily ${cite()}`,
    () => `Heading ${cite()}\n=========\n\nSub ${cite()}\n---`,
    () => `<pre>\n@no_pre\n\n@no_pre_after_blank\n</pre>\n\nafter ${cite()}`,
    () => `<!-- a comment\n\n[@no_comment_after_blank]\n-->\n\nafter ${cite()}`,
    () => `\\begin{equation}\nx = @no_raw_tex\n\\end{equation}\n\nafter ${cite()}`,
    () => `| a line block ${cite()}\n|    indented ${cite()}`,
    () => `Term\n\n:   Definition ${cite()}\n\n        @no_code_in_definition\n\n    more definition ${cite()}`,
    () => `***\n\n${cite()}\n\n* * *`,
    () => `Text ${cite()}\n    lazy indented ${cite()}\n\n\tcode @no_tab_code`,
    () => `[^s${++ids.note}]\n\n[^s${ids.note}]: Note ${cite()}\n\n    continued note ${cite()}\n\n        @no_note_code`,
    () => `Simple | Table\n------ | -----\n${cite()} | x`,
    () => `<div class="x">\n${cite()}\n</div>`,
  ])();
}

/** A generated Markdown text, and whether pandoc may move its keys (footnotes are placed where they are referred to). */
export function markdownText(r: Rng, index: number): { text: string; unordered: boolean } {
  const ids = { note: index * 100, ref: index * 100 };
  const defs: string[] = [];
  const blocks: string[] = [];
  if (chance(r, 0.1)) blocks.push(`---\ntitle: "A title with @no_yaml"\nauthor: Me\n---`);
  for (let n = times(r, 1, 4); n > 0; n--) blocks.push(mdBlock(r, ids, defs));
  blocks.push(...defs);
  return { text: blocks.join('\n\n'), unordered: defs.some(d => d.startsWith('[^')) };
}
