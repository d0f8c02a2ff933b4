// Better BibTeX's JSON-RPC, read: the requests Papers sends, and what it takes from the answers
// (their shapes from BBT's documentation and source, content/json-rpc.ts; no recording is public).
import * as assert from 'node:assert/strict';
import { BbtError, citationKeysRequest, exportedEntry, exportRequest, readCitationKeys, readExport } from '../../../../src/core/zotero/betterBibtex';
import { cslEntry } from '../../../../src/core/bibliography/paperEntry';
import { planBibAppend, planCslAppend } from '../../../../src/core/cite/append';
import { zoteroPaper, ZoteroItemSchema } from '../../../../src/core/zotero/item';
import { recordedItems } from '../../../support/zoteroServer';
import { BBT_BUCK, BetterBibtexStandIn, BUCK_EXPORTS } from '../../../support/betterBibtexServer';

const answer = (result: unknown) => ({ jsonrpc: '2.0', result, id: 1 });

suite('zotero: Better BibTeX', () => {
  test('the requests are JSON-RPC 2.0: the item keys asked whole, the translator named for each flavour', () => {
    const keys = citationKeysRequest(['PQKBRC33', 'Z8N84QAJ']);
    assert.deepEqual({ ...keys, id: 0 }, { jsonrpc: '2.0', method: 'item.citationkey', params: [['PQKBRC33', 'Z8N84QAJ']], id: 0 });
    assert.deepEqual(exportRequest(['a'], 'bibtex').params, [['a'], 'Better BibTeX']);
    assert.deepEqual(exportRequest(['a', 'b'], 'biblatex').params, [['a', 'b'], 'Better BibLaTeX']);
    assert.deepEqual(exportRequest(['a'], 'csl-json').params, [['a'], 'Better CSL JSON']);
    assert.notEqual(exportRequest(['a'], 'bibtex').id, exportRequest(['a'], 'bibtex').id, 'each request its own id');
  });

  test('citation keys: null and keys that cannot be cited are left for the other rules; an error or a stranger answer throws', () => {
    assert.deepEqual(readCitationKeys(answer({ PQKBRC33: 'buck1980', Z8N84QAJ: null, ICK5M93W: 'two words', '1:X42A7DEE': 'doe:2020' })), { PQKBRC33: 'buck1980', '1:X42A7DEE': 'doe:2020' });
    assert.throws(() => readCitationKeys({ jsonrpc: '2.0', error: { code: -32601, message: 'Method not found: item.citationkey' }, id: null }), (e: unknown) => e instanceof BbtError && e.code === -32601 && /Method not found/.test(e.message));
    assert.throws(() => readCitationKeys(answer(['buck1980'])), /no map of citation keys/);
    assert.throws(() => readCitationKeys('<html>'), /not JSON-RPC 2\.0/);
  });

  test('an export is its text; BBT before 6.7.143 wrapped it once more, which is unwrapped; a missing key is its error', () => {
    assert.equal(readExport(answer('@article{a,\n}\n')), '@article{a,\n}\n');
    assert.equal(readExport(answer([200, 'text/plain', '@article{a,\n}\n'])), '@article{a,\n}\n');
    assert.throws(() => readExport({ jsonrpc: '2.0', error: { code: -32602, message: 'not found: nobody2020' }, id: null }), /not found: nobody2020/);
    assert.throws(() => readExport(answer(42)), /no export text/);
  });

  test('the entry of a key in an export: the .bib entry from its "@", the CSL item by id; none under another key', () => {
    assert.deepEqual(exportedEntry(BUCK_EXPORTS['Better BibTeX'], BBT_BUCK, 'bibtex'), { raw: BUCK_EXPORTS['Better BibTeX'].trim() });
    const two = `${BUCK_EXPORTS['Better BibLaTeX']}\n@book{other2020,\n  title = {Other}\n}\n`;
    assert.deepEqual(exportedEntry(two, BBT_BUCK, 'biblatex'), { raw: BUCK_EXPORTS['Better BibLaTeX'].trim() }, 'only the entry asked for');
    assert.equal(exportedEntry(BUCK_EXPORTS['Better BibTeX'], 'buck1980', 'bibtex'), undefined, 'the key changed since');
    const csl = exportedEntry(BUCK_EXPORTS['Better CSL JSON'], BBT_BUCK, 'csl-json');
    assert.ok(csl && 'item' in csl);
    assert.equal(csl.item['citation-key'], BBT_BUCK);
    assert.equal(exportedEntry('not json', BBT_BUCK, 'csl-json'), undefined);
  });

  test('appending an item BBT exported writes its text and its CSL item as BBT wrote them', () => {
    const item = ZoteroItemSchema.parse(recordedItems().find(i => i.key === 'PQKBRC33'));
    const paper = zoteroPaper(item, BBT_BUCK);
    const raw = (exportedEntry(BUCK_EXPORTS['Better BibTeX'], BBT_BUCK, 'bibtex') as { raw: string }).raw;
    const bib = planBibAppend('', [{ ...paper, reference: { ...paper.reference!, raw } }], 'bibtex');
    assert.equal(bib.edit?.newText, BUCK_EXPORTS['Better BibTeX']);
    const exported = (exportedEntry(BUCK_EXPORTS['Better CSL JSON'], BBT_BUCK, 'csl-json') as { item: Record<string, unknown> }).item;
    const withItem = { ...paper, reference: { ...paper.reference!, exportedItem: exported } };
    assert.deepEqual(cslEntry(withItem), exported);
    assert.deepEqual(JSON.parse(planCslAppend('', [withItem]).edit!.newText), JSON.parse(BUCK_EXPORTS['Better CSL JSON']));
  });

  test('the test stand-in answers as BBT\'s source does: keys or null, exports or "not found"', () => {
    const bbt = new BetterBibtexStandIn();
    assert.deepEqual(readCitationKeys(bbt.answer(citationKeysRequest(['PQKBRC33', 'Z8N84QAJ']))), { PQKBRC33: BBT_BUCK });
    assert.equal(readExport(bbt.answer(exportRequest([BBT_BUCK], 'biblatex'))), BUCK_EXPORTS['Better BibLaTeX']);
    assert.throws(() => readExport(bbt.answer(exportRequest(['nobody2020', BBT_BUCK], 'bibtex'))), /^Error: not found: nobody2020$|not found: nobody2020/);
    assert.deepEqual(bbt.asked, ['item.citationkey', 'item.export', 'item.export']);
  });
});
