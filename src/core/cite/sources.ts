// Where a document's citations are defined, as the document itself says: the bibliography files
// it names (`\bibliography`, `\addbibresource`, a front matter's `bibliography:`, Typst's
// `#bibliography`, reST's `.. bibliography::`), and those its Quarto or Sphinx project names.
import { syntaxOfLanguage } from './languages';
import { scanLatexDocument } from './scan';
import { LineStarts } from '../util/lineStarts';

/** A bibliography file named by a document, as written there (relative to the document's folder, usually). */
export interface BibliographyRef {
  path: string;
  /** 1-based line of the document that names it. */
  line: number;
}

/**
 * `\bibliography{a,b}` (BibTeX adds ".bib" to each name), `\addbibresource{f}` and its kin
 * (biblatex takes the name as it is), as TeX reads the file: the LaTeX pass's own finding.
 */
function latexBibliographies(text: string): BibliographyRef[] {
  return scanLatexDocument(text).bibliographies.map(({ path, line }) => ({ path, line }));
}

const unquote = (s: string) => s.trim().replace(/^(["'])(.*)\1$/, '$2');

/** `bibliography:` in a YAML front matter: a string, a flow list `[a.bib, b.json]`, or a block list. */
function yamlBibliographies(text: string, key = 'bibliography'): BibliographyRef[] {
  const front = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  if (!front) return [];
  const lines = front[1].split(/\r?\n/);
  const refs: BibliographyRef[] = [];
  const named = new RegExp(`^${key}[ \\t]*:[ \\t]*(.*?)[ \\t]*(?:#.*)?$`);
  lines.forEach((raw, i) => {
    const m = named.exec(raw);
    if (!m) return;
    const line = i + 2;
    if (m[1].startsWith('[')) {
      for (const item of m[1].replace(/^\[|\]$/g, '').split(',').map(unquote).filter(Boolean)) refs.push({ path: item, line });
    } else if (m[1]) {
      refs.push({ path: unquote(m[1]), line });
    } else {
      for (let j = i + 1; j < lines.length; j++) {
        const item = /^[ \t]+-[ \t]+(.+?)[ \t]*$/.exec(lines[j]);
        if (!item) { if (/^\S/.test(lines[j])) break; continue; }
        refs.push({ path: unquote(item[1]), line: j + 2 });
      }
    }
  });
  return refs;
}

/**
 * The bibliographies a Quarto project names for all its documents: `bibliography:` at the top
 * level of `_quarto.yml` (a string, a flow list or a block list, as in a front matter).
 *
 * @example quartoBibliographies('project:\n  type: book\nbibliography: refs.bib\n').map(r => r.path) → ['refs.bib']
 */
export function quartoBibliographies(text: string, key = 'bibliography'): BibliographyRef[] {
  return yamlBibliographies(`---\n${text}\n---\n`, key).map(ref => ({ ...ref, line: ref.line - 1 }));
}

/** Typst's `#bibliography("refs.bib")` or `#bibliography(("a.bib", "b.yml"))`. */
function typstBibliographies(text: string): BibliographyRef[] {
  const refs: BibliographyRef[] = [];
  const lines = new LineStarts(text);
  for (const m of text.matchAll(/#bibliography\(\s*(\([^)]*\)|"[^"]*")/g)) {
    const line = lines.lineOf(m.index);
    for (const name of m[1].matchAll(/"([^"]+)"/g)) refs.push({ path: name[1], line });
  }
  return refs;
}

/** sphinxcontrib-bibtex 1.x named files in the directive: `.. bibliography:: refs.bib`. */
function rstBibliographies(text: string): BibliographyRef[] {
  const lines = new LineStarts(text);
  return [...text.matchAll(/^\.\. bibliography::[ \t]*(\S.*)$/gm)].flatMap(m =>
    m[1].split(/\s+/).filter(name => /\.bib$/.test(name)).map(path => ({ path, line: lines.lineOf(m.index) })));
}

/**
 * The bibliographies a Sphinx project names for all its documents (sphinxcontrib-bibtex 2):
 * `bibtex_bibfiles = ['refs.bib', …]` in `conf.py`, relative to the folder of `conf.py`.
 *
 * @example sphinxBibliographies("extensions = ['sphinxcontrib.bibtex']\nbibtex_bibfiles = ['refs.bib']").map(r => r.path) → ['refs.bib']
 */
export function sphinxBibliographies(confPy: string): BibliographyRef[] {
  const m = /^bibtex_bibfiles\s*=\s*[[(]([^\])]*)[\])]/m.exec(confPy);
  if (!m) return [];
  const line = new LineStarts(confPy).lineOf(m.index);
  return [...m[1].matchAll(/(["'])([^"'\n]+)\1/g)].map(name => ({ path: name[2], line }));
}

/**
 * The bibliography files a document names: `\bibliography{a,b}` (".bib" added) and
 * `\addbibresource{refs.bib}` in LaTeX, `bibliography:` in a Markdown, Quarto or
 * R Markdown front matter, `#bibliography(…)` in Typst, `.. bibliography::` in reST.
 * LaTeX is read as TeX reads it: nothing in a comment (`\\%` is a line break, then one),
 * `\verb`, a verbatim environment or an `\iffalse` branch counts.
 *
 * @example findBibliographies('\\bibliography{refs,more}', 'latex') → [{ path: 'refs.bib', line: 1 }, { path: 'more.bib', line: 1 }]
 * @example findBibliographies('---\nbibliography: [a.bib, b.json]\n---\n', 'markdown').map(r => r.path) → ['a.bib', 'b.json']
 */
export function findBibliographies(text: string, languageId: string): BibliographyRef[] {
  switch (syntaxOfLanguage(languageId)) {
    case 'latex': return latexBibliographies(text);
    case 'pandoc': return yamlBibliographies(text);
    case 'typst': return typstBibliographies(text);
    case 'rst': return rstBibliographies(text);
    case null: return [];
  }
}

