// `papers zotero search` and `papers zotero export`, the built command line run as a user would
// against the Zotero stand-in on 127.0.0.1 (test/support/zoteroServer.ts: the recorded items of
// Zotero's Web API, whose shape the local API shares), with and without its Better BibTeX stand-in
// (built from BBT's documentation: no recording is public). Never a real Zotero.
import * as assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { ROOT } from '../unit/support/seeds';
import { GroupStandIn, ZoteroServer } from '../support/zoteroServer';
import { BBT_BUCK, BetterBibtexStandIn, BUCK_EXPORTS } from '../support/betterBibtexServer';
import { cliAsync } from './tools';

/** Buck's paper under the key Papers makes for it (the item gives none). */
const OUR_KEY = 'rcreightonbuck1980sherlock';

suite('command line: zotero search and export', () => {
  let zotero: ZoteroServer;
  let env: Record<string, string>;
  suiteSetup(async () => {
    zotero = await ZoteroServer.start();
    env = { PAPERS_ZOTERO_URL: zotero.url };
  });
  suiteTeardown(() => zotero.close());
  setup(() => { zotero.betterBibtex = undefined; });

  test('search: Zotero\'s quick search, one line an item (key, year, title, authors), or JSON; each word must match', async () => {
    const r = await cliAsync(env, ROOT, 'zotero', 'search', 'Sherlock', 'Babylon');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, `${OUR_KEY}\t1980\tSherlock Holmes in Babylon\tR. Creighton Buck\n`);
    assert.ok(zotero.requests.some(p => /^\/api\/users\/0\/items\/top\?.*q=Sherlock(%20|\+)Babylon/.test(p)), zotero.requests.join(' '));
    const json = await cliAsync(env, ROOT, 'zotero', 'search', 'sherlock', '--json');
    assert.equal(json.status, 0, json.stderr);
    const rows = JSON.parse(json.stdout) as { key: string; itemKey: string; title: string; year: number | null; authors: string[] }[];
    assert.ok(rows.length >= 4, json.stdout);
    assert.deepEqual(rows.find(row => row.itemKey === 'Z8N84QAJ'), {
      key: 'doyle1992annotated', itemKey: 'Z8N84QAJ', title: 'The Annotated Sherlock Holmes: The Four Novels and Fifty-Six Short Stories Complete', year: 1992, authors: ['Arthur Conan Doyle'],
    });
    const none = await cliAsync(env, ROOT, 'zotero', 'search', 'xylophone');
    assert.equal(none.status, 0);
    assert.equal(none.stdout, '');
    assert.match(none.stderr, /nothing in the Zotero library at http:\/\/127\.0\.0\.1:\d+ matches "xylophone"/);
  });

  test('export without Better BibTeX: the entry citing it in the editor appends, in each format; a key not found exits 1, after the others', async () => {
    const bib = await cliAsync(env, ROOT, 'zotero', 'export', OUR_KEY);
    assert.equal(bib.status, 0, bib.stderr);
    assert.match(bib.stdout, new RegExp(`^@article\\{${OUR_KEY},\\n`));
    assert.match(bib.stdout, /journal\s*= \{The American Mathematical Monthly\}/);
    assert.match(bib.stdout, /doi\s*= \{10\.2307\/2321200\}/);
    const biblatex = await cliAsync(env, ROOT, 'zotero', 'export', OUR_KEY, '--format', 'biblatex');
    assert.match(biblatex.stdout, /date\s*= \{1980-05-01\}/);
    const csl = await cliAsync(env, ROOT, 'zotero', 'export', OUR_KEY, 'doyle1992annotated', '--format', 'csl-json');
    assert.equal(csl.status, 0, csl.stderr);
    const items = JSON.parse(csl.stdout) as { id: string; type: string; 'container-title'?: string }[];
    assert.deepEqual(items.map(i => [i.id, i.type]), [[OUR_KEY, 'article-journal'], ['doyle1992annotated', 'book']]);
    const missing = await cliAsync(env, ROOT, 'zotero', 'export', 'nobody2020', OUR_KEY);
    assert.equal(missing.status, 1);
    assert.equal(missing.stderr, 'papers: nobody2020: no item of the Zotero library has this key\n');
    assert.match(missing.stdout, new RegExp(`^@article\\{${OUR_KEY},`));
  });

  test('a group library\'s items are searched and exported too; one item key in two libraries is two items, under two keys', async () => {
    const model = zotero.items.find(i => i.key === 'PQKBRC33') as { data: Record<string, unknown> };
    // The group's PQKBRC33 is another work than the writer's own (Zotero's keys are unique within one library only).
    zotero.groups = [new GroupStandIn(169947, 'smart_cities', [{ ...model, key: 'PQKBRC33', meta: { parsedDate: '2019' }, data: { ...model.data, title: 'Sherlock Holmes in Smart Cities', date: '2019', creators: [{ creatorType: 'author', firstName: 'Ada', lastName: 'Lovelace' }] } }], [])];
    try {
      const json = await cliAsync(env, ROOT, 'zotero', 'search', 'Sherlock', '--json');
      assert.equal(json.status, 0, json.stderr);
      const rows = JSON.parse(json.stdout) as { key: string; itemKey: string; group?: number; title: string }[];
      const twins = rows.filter(row => row.itemKey === 'PQKBRC33').map(row => [row.key, row.group, row.title]);
      assert.deepEqual(twins, [[OUR_KEY, undefined, 'Sherlock Holmes in Babylon'], ['lovelace2019sherlock', 169947, 'Sherlock Holmes in Smart Cities']]);
      assert.ok(zotero.requests.some(p => /^\/api\/groups\/169947\/items\/top\?.*q=Sherlock/.test(p)), zotero.requests.join(' '));
      const bib = await cliAsync(env, ROOT, 'zotero', 'export', 'lovelace2019sherlock', OUR_KEY);
      assert.equal(bib.status, 0, bib.stderr);
      assert.match(bib.stdout, /^@article\{lovelace2019sherlock,[\s\S]*title\s*= \{\{?Sherlock Holmes in Smart Cities\}?\}[\s\S]*@article\{rcreightonbuck1980sherlock,/);
    } finally {
      zotero.groups = [];
    }
  });

  test('with Better BibTeX: its keys in search, and its own export, verbatim; a key it does not know exits 1', async () => {
    zotero.betterBibtex = new BetterBibtexStandIn();
    const found = await cliAsync(env, ROOT, 'zotero', 'search', 'Babylon');
    assert.equal(found.stdout, `${BBT_BUCK}\t1980\tSherlock Holmes in Babylon\tR. Creighton Buck\n`);
    for (const [format, translator] of [['bibtex', 'Better BibTeX'], ['biblatex', 'Better BibLaTeX'], ['csl-json', 'Better CSL JSON']]) {
      const r = await cliAsync(env, ROOT, 'zotero', 'export', BBT_BUCK, '--format', format);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, BUCK_EXPORTS[translator], format);
    }
    const missing = await cliAsync(env, ROOT, 'zotero', 'export', BBT_BUCK, 'nobody2020');
    assert.equal(missing.status, 1);
    assert.equal(missing.stderr, 'papers: nobody2020: no item of the Zotero library has this key\n');
    assert.equal(missing.stdout, BUCK_EXPORTS['Better BibTeX']);
    assert.deepEqual(zotero.betterBibtex.asked, ['item.citationkey', 'item.export', 'item.export', 'item.export', 'item.export', 'item.export']);
  });

  test('Zotero not reachable, closed to other applications or too old: exit 1 with the reason; bad arguments exit 2; each command has its own --help', async () => {
    // A port nothing listens on: one this process had, and closed.
    const closedPort = await new Promise<number>(resolve => {
      const server = createServer().listen(0, '127.0.0.1', () => { const { port } = server.address() as AddressInfo; server.close(() => resolve(port)); });
    });
    const nowhere = { PAPERS_ZOTERO_URL: `http://127.0.0.1:${closedPort}` };
    const down = await cliAsync(nowhere, ROOT, 'zotero', 'search', 'Holmes');
    assert.equal(down.status, 1);
    assert.equal(down.stderr, `papers: Zotero is not reachable at http://127.0.0.1:${closedPort} (ECONNREFUSED): start Zotero 7 or later, or set PAPERS_ZOTERO_URL\n`);
    const exported = await cliAsync(nowhere, ROOT, 'zotero', 'export', OUR_KEY);
    assert.equal(exported.status, 1);
    assert.match(exported.stderr, /^papers: Zotero is not reachable at /);
    try {
      zotero.mode = 'not-enabled';
      const closed = await cliAsync(env, ROOT, 'zotero', 'export', OUR_KEY);
      assert.equal(closed.status, 1);
      assert.match(closed.stderr, /does not let other applications read its library: in Zotero's Settings › Advanced, enable "Allow other applications/);
      zotero.mode = 'too-old';
      assert.match((await cliAsync(env, ROOT, 'zotero', 'search', 'Holmes')).stderr, /has no local API \(\/api\/\): update to Zotero 7 or later/);
    } finally {
      zotero.mode = 'serving';
    }
    const usage = await cliAsync(env, ROOT, 'zotero', 'export', OUR_KEY, '--format', 'ris');
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /^papers: --format must be one of bibtex, biblatex, csl-json \(got "ris"\)\nusage:\n {2}papers zotero export KEY\.\.\./);
    assert.equal((await cliAsync(env, ROOT, 'zotero', 'search')).status, 2);
    const help = await cliAsync(env, ROOT, 'zotero', 'search', '--help');
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^usage:\n {2}papers zotero search WORDS\.\.\. \[--json\]\n/);
    assert.doesNotMatch(help.stdout, /zotero export/);
    assert.match((await cliAsync(env, ROOT, 'zotero', 'export', '--help')).stdout, /^usage:\n {2}papers zotero export KEY\.\.\. \[--format bibtex\|biblatex\|csl-json\]/);
    assert.match((await cliAsync(env, ROOT, '--help')).stdout, /papers zotero search WORDS[\s\S]*papers zotero export KEY/);
    const both = await cliAsync(env, ROOT, 'zotero', 'open');
    assert.equal(both.status, 2);
    assert.match(both.stderr, /^papers: unknown zotero command "open"\nusage:\n {2}papers zotero search WORDS[^\n]*\n.*\n {2}papers zotero export KEY/);
  });
});
