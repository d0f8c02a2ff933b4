// Declarations for the .bib readers the bench compares that tsc cannot find here.
// @citation-js publishes no type declarations; the bench uses only these.
declare module '@citation-js/core' {
  export class Cite {
    constructor(input: string, options?: Record<string, unknown>);
    data: unknown[];
  }
  export const logger: { _log: unknown[] };
}
declare module '@citation-js/plugin-bibtex';

// @retorquere/bibtex-parser's types are reachable only under moduleResolution "node16"; the bench
// uses this much of them.
declare module '@retorquere/bibtex-parser' {
  export function parse(input: string, options?: Record<string, unknown>): {
    entries: { key: string; fields: Record<string, unknown> }[];
    errors: unknown[];
  };
}
