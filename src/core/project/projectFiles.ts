// The files beside or above a Markdown, Quarto, R Markdown or reStructuredText document that name
// bibliographies for it, as each tool reads them: a Quarto project's `_quarto.yml` and the
// `_metadata.yml` of its folders, a bookdown book (`_bookdown.yml`, whose `index.Rmd` front matter
// names the bibliography for every chapter), a Jupyter Book (`_config.yml`'s `bibtex_bibfiles`),
// a pandoc defaults file beside the document (`defaults.yaml`), a Sphinx project's `conf.py`. Two
// steps, so that a host that reads files asynchronously can read the candidates itself.
import { findBibliographies, quartoBibliographies, sphinxBibliographies, type BibliographyRef } from '../cite/sources';
import { folderOf, resolvePath } from './paths';

export type ProjectFileKind = 'quarto' | 'quarto-metadata' | 'bookdown' | 'bookdown-index' | 'jupyter-book' | 'pandoc-defaults' | 'sphinx';

/** A file that may name bibliographies for a document, and how to read it. */
export interface ProjectFileCandidate {
  path: string;
  kind: ProjectFileKind;
  /** How many folders above the document (0: its own). */
  up: number;
}

/** How many folders above a document its project files are looked for. */
const FOLDERS_UP = 12;

/** The folders from a document's up (at most FOLDERS_UP), nearest first; `top`, when given, is the last. */
function foldersUp(doc: string, top?: string): string[] {
  const folders = [folderOf(doc)];
  while (folders.length < FOLDERS_UP) {
    const last = folders[folders.length - 1];
    if (last === top || last === '/' || last === '') break;
    const up = folderOf(last);
    if (up === last || up === '') break;
    folders.push(up);
  }
  return folders;
}

/**
 * The files to look for, nearest first, for a document of `language`: those that exist are given
 * to `projectBibliographies`. `top` is the folder not to look above (the workspace's).
 *
 * @example projectFileCandidates('/b/ch1.Rmd', 'rmd').some(c => c.path === '/b/_bookdown.yml') === true
 */
export function projectFileCandidates(doc: string, language: string, top?: string): ProjectFileCandidate[] {
  const candidates: ProjectFileCandidate[] = [];
  foldersUp(doc, top).forEach((folder, up) => {
    const at = (name: string, kind: ProjectFileKind) => candidates.push({ path: resolvePath(folder, name), kind, up });
    if (language === 'restructuredtext') { at('conf.py', 'sphinx'); return; }
    if (!['markdown', 'quarto', 'rmd'].includes(language)) return;
    at('_quarto.yml', 'quarto');
    at('_quarto.yaml', 'quarto');
    at('_metadata.yml', 'quarto-metadata');
    at('_bookdown.yml', 'bookdown');
    at('index.Rmd', 'bookdown-index');
    at('_config.yml', 'jupyter-book');
    if (up === 0) {
      at('defaults.yaml', 'pandoc-defaults');
      at('defaults.yml', 'pandoc-defaults');
    }
  });
  return candidates;
}

/** A project file found, with its text. */
export interface FoundProjectFile extends ProjectFileCandidate {
  text: string;
}

/** A bibliography a project file names for the document: as written, the file naming it, and where it is. */
export interface ProjectFileBibliography {
  ref: BibliographyRef;
  /** The file that names it. */
  file: string;
  path: string;
}

/**
 * The bibliographies the project files of a document name, in the order the tools read them:
 * the pandoc defaults file; the `_metadata.yml` of each folder up to its Quarto project, then the
 * project's `_quarto.yml`; a bookdown book's `index.Rmd`; a Jupyter Book's `bibtex_bibfiles`; a
 * Sphinx project's `bibtex_bibfiles`. Each project kind counts its nearest project only.
 */
export function projectBibliographies(found: readonly FoundProjectFile[]): ProjectFileBibliography[] {
  const out: ProjectFileBibliography[] = [];
  const add = (file: FoundProjectFile, refs: readonly BibliographyRef[]) => {
    for (const ref of refs) out.push({ ref, file: file.path, path: resolvePath(folderOf(file.path), ref.path) });
  };
  const nearest = (kind: ProjectFileKind) => found.filter(f => f.kind === kind).sort((a, b) => a.up - b.up)[0];
  for (const file of found) if (file.kind === 'pandoc-defaults') add(file, quartoBibliographies(file.text));
  const quarto = nearest('quarto');
  for (const file of found.filter(f => f.kind === 'quarto-metadata' && (!quarto || f.up <= quarto.up)).sort((a, b) => a.up - b.up)) add(file, quartoBibliographies(file.text));
  if (quarto) add(quarto, quartoBibliographies(quarto.text));
  const book = nearest('bookdown');
  const index = book && found.find(f => f.kind === 'bookdown-index' && f.up === book.up);
  if (index) add(index, findBibliographies(index.text, 'rmd'));
  const jupyter = found.filter(f => f.kind === 'jupyter-book').sort((a, b) => a.up - b.up).find(f => quartoBibliographies(f.text, 'bibtex_bibfiles').length);
  if (jupyter) add(jupyter, quartoBibliographies(jupyter.text, 'bibtex_bibfiles'));
  const sphinx = nearest('sphinx');
  if (sphinx) add(sphinx, sphinxBibliographies(sphinx.text));
  return out;
}
