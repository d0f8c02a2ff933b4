// What can be wrong in a bibliography file, whatever its format: the floor the readers share
// (bibtex/, csl/json.ts, yaml/) and the dispatcher above them (read.ts) reports.

export type BibProblemCode =
  | 'unclosed-entry' | 'missing-key' | 'syntax' | 'unclosed-value'
  | 'duplicate-key' | 'duplicate-field' | 'undefined-string' | 'stray-brace' | 'stray-at' | 'key-character';

/** A problem in a bibliography file, at a line. */
export interface ReadProblem {
  line: number;
  message: string;
  /** `error`: an entry is lost or malformed. `warning`: the tools cope, but something is off. */
  severity: 'error' | 'warning';
  code?: BibProblemCode | 'yaml';
  /** For a duplicate key: the line of the first definition. */
  firstLine?: number;
}
