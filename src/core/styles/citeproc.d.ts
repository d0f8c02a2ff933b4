// The part of citeproc-js (npm `citeproc`, CommonJS, no types of its own) that styles/ uses.
declare module 'citeproc' {
  interface CiteprocSys {
    retrieveLocale(lang: string): string | undefined;
    retrieveItem(id: string): unknown;
  }
  interface BibliographyMeta {
    entry_ids: string[][];
    done?: boolean;
    bibliography_errors: unknown[];
  }
  interface Engine {
    setOutputFormat(format: 'text' | 'html'): void;
    updateItems(ids: string[]): void;
    makeBibliography(section?: { page_start: true | string; page_length: number }): [BibliographyMeta, string[]] | false;
    makeCitationCluster(cites: { id: string }[]): string;
    opt: { xclass?: string };
  }
  const CSL: { Engine: new (sys: CiteprocSys, style: string, lang?: string, forceLang?: boolean) => Engine };
  export default CSL;
}

declare module '*.csl' {
  const text: string;
  export default text;
}

declare module '*.xml' {
  const text: string;
  export default text;
}
