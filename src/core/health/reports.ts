// What a check reports, and what it needs from the file system: shared by the checks of single
// documents (checkDocuments.ts) and of LaTeX projects (project.ts).
import { readBibliographies, type ReadBibliography } from '../bibliography/read';
import type { CheckedBibliography } from './citations';

/** What checking needs from the file system (paths with `/`, absolute). */
export interface CheckFiles {
  /** A file's text, or undefined when it does not exist or cannot be read. */
  read(path: string): string | undefined;
  /**
   * The files with these extensions among which a file's project is looked for: on the command
   * line those under the folder `up` levels above the file (`['tex', 'ltx']` for LaTeX, `['typ']`
   * for Typst); a workspace may give all of its own whatever `up` says.
   */
  filesAround(path: string, extensions: readonly string[], up: number): string[];
}

export interface ReportedProblem {
  file: string;
  /** 1-based, as editors and compilers count. */
  line: number;
  column: number;
  severity: 'error' | 'warning';
  code: string;
  message: string;
}

export interface CheckedDocument {
  file: string;
  citations: { key: string; line: number; column: number }[];
  bibliographies: string[];
  problems: ReportedProblem[];
}


/** Converts offsets of a text to 1-based lines and columns (UTF-16, as VS Code counts). */
export function lineColumns(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return offset => {
    let lo = 0, hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  };
}

/** Reads bibliography files once, each with the macros of the files named before it, as BibTeX reads them. */
export class BibliographyReader {
  readonly #read = new Map<string, ReadBibliography>();

  constructor(private readonly files: CheckFiles, private readonly display: (path: string) => string) {}

  async read(paths: readonly string[]): Promise<CheckedBibliography[]> {
    const wanted = paths.filter(path => !this.#read.has(path)).flatMap(path => {
      const body = this.files.read(path);
      return body === undefined ? [] : [{ uri: path, file: this.display(path), text: body, after: paths.slice(0, paths.indexOf(path)) }];
    });
    for (const file of await readBibliographies(wanted)) this.#read.set(file.uri, file);
    return paths.map(path => {
      const file = this.#read.get(path);
      return { file: this.display(path), keys: file ? new Set(file.references.map(r => r.key)) : 'missing' as const };
    });
  }

  /** A file's problems, as read (undefined: not read, or missing). */
  problems(path: string): ReadBibliography['problems'] {
    return this.#read.get(path)?.problems ?? [];
  }

  has(path: string): boolean {
    return this.#read.has(path);
  }
}

