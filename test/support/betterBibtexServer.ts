// A stand-in for Better BibTeX's JSON-RPC (POST /better-bibtex/json-rpc), which the Zotero test
// server answers when a test says BBT is installed. BBT's answers have no public recording: these
// are built from its documentation and source (retorquere/zotero-better-bibtex,
// site/content/exporting/json-rpc.md and content/json-rpc.ts; the export texts in the shape of its
// test/fixtures/export/*.bibtex, *.biblatex and *.csl.json): HTTP 200 always, `{ jsonrpc, result, id }`
// or `{ jsonrpc, error: { code, message }, id: null }`; `item.citationkey([itemKey…])` gives each
// key or null; `item.export([citekey…], translator)` the translator's text, or -32602 "not found: …".

/** JSON-RPC's "invalid params" and "method not found", as BBT answers them. */
const INVALID_PARAMETERS = -32602;
const METHOD_NOT_FOUND = -32601;

/** Buck's "Sherlock Holmes in Babylon" (PQKBRC33 of the recorded items) as BBT keys and exports it. */
export const BBT_BUCK = 'buckSherlockHolmesBabylon1980';

/** What BBT's BibTeX and biblatex exports of it share: the fields after the date and the journal. */
const BUCK_BIB_TAIL = `  volume = {87},
  number = {5},
  pages = {335--345},
  issn = {00029890},
  doi = {10.2307/2321200},
  url = {http://www.jstor.org/stable/2321200},
  urldate = {2011-02-02}
}
`;

export const BUCK_EXPORTS: Record<string, string> = {
  'Better BibTeX': `@article{${BBT_BUCK},
  title = {Sherlock {{Holmes}} in {{Babylon}}},
  author = {{R. Creighton Buck}},
  year = 1980,
  month = may,
  journal = {The American Mathematical Monthly},
${BUCK_BIB_TAIL}`,
  'Better BibLaTeX': `@article{${BBT_BUCK},
  title = {Sherlock {{Holmes}} in {{Babylon}}},
  author = {{R. Creighton Buck}},
  date = {1980-05-01},
  journaltitle = {The American Mathematical Monthly},
${BUCK_BIB_TAIL}`,
  'Better CSL JSON': `${JSON.stringify([{
    accessed: { 'date-parts': [[2011, 2, 2]] },
    author: [{ literal: 'R. Creighton Buck' }],
    'citation-key': BBT_BUCK,
    'container-title': 'The American Mathematical Monthly',
    DOI: '10.2307/2321200',
    id: BBT_BUCK,
    ISSN: '00029890',
    issue: '5',
    issued: { 'date-parts': [[1980, 5, 1]] },
    page: '335-345',
    title: 'Sherlock Holmes in Babylon',
    type: 'article-journal',
    URL: 'http://www.jstor.org/stable/2321200',
    volume: '87',
  }], null, 2)}\n`,
};

export class BetterBibtexStandIn {
  /** Citation keys by Zotero item key: BBT keys every regular item; the others answer null here. */
  keys: Record<string, string> = { PQKBRC33: BBT_BUCK };
  /** Each citation key's export, by translator. */
  exports: Record<string, Record<string, string>> = { [BBT_BUCK]: BUCK_EXPORTS };
  /** The methods asked, in order. */
  readonly asked: string[] = [];

  /** The answer to one request body. */
  answer(request: { method?: unknown; params?: unknown; id?: unknown }): unknown {
    this.asked.push(String(request.method));
    const id = request.id ?? null;
    const params = Array.isArray(request.params) ? request.params as unknown[] : [];
    const error = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null });
    switch (request.method) {
      case 'api.ready': return { jsonrpc: '2.0', result: { zotero: '7.0.11', betterbibtex: '7.0.5' }, id };
      case 'item.citationkey': {
        const itemKeys = params[0] as string[];
        return { jsonrpc: '2.0', result: Object.fromEntries(itemKeys.map(key => [key, this.keys[key.replace(/^\d+:/, '')] ?? null])), id };
      }
      case 'item.export': {
        const [citekeys, translator] = params as [string[], string];
        const missing = citekeys.filter(key => !this.exports[key]);
        if (missing.length) return error(INVALID_PARAMETERS, `not found: ${missing.join(', ')}`);
        const texts = citekeys.map(key => this.exports[key][translator]);
        if (texts.some(text => text === undefined)) return error(INVALID_PARAMETERS, `Unknown translator '${translator}'`);
        // Several items: one .bib text, or one CSL-JSON array.
        const text = translator === 'Better CSL JSON' && texts.length > 1
          ? `${JSON.stringify(texts.flatMap(t => JSON.parse(t) as unknown[]), null, 2)}\n`
          : texts.join('\n');
        return { jsonrpc: '2.0', result: text, id };
      }
      default: return error(METHOD_NOT_FOUND, `Method not found: ${String(request.method)}`);
    }
  }
}
