import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Paper } from '../../../../src/core/model/paper';
import { bibtexEntry, cslEntry } from '../../../../src/core/bibliography/paperEntry';
import { isPaperItem, itemKey, joinZotero, zoteroPaper, ZoteroItemSchema, ZoteroItemsSchema, type ZoteroItem } from '../../../../src/core/zotero';
import { RECORDINGS } from '../../../support/replayServer';

/** The recorded answers of Zotero's Web API (urschrei/pyzotero, Blue Oak licence), read as the host reads them. */
const recorded = (file: string): unknown => JSON.parse(readFileSync(join(RECORDINGS, 'zotero', file), 'utf8'));
const items = (): ZoteroItem[] => ZoteroItemsSchema.parse(recorded('items_doc.json'));
const byKey = (key: string) => items().find(i => i.key === key)!;
/** A paper of the writer's own bibliography, as the library holds one (only what the join reads). */
const libraryPaper = (key: string): Paper => ({
  id: `@${key.toLowerCase()}`, key, title: key, abstract: '', authorsCount: null, organization: null, date: null, year: null,
  upvotes: null, links: [], topics: [], sources: [{ file: 'refs.bib', line: 1 }],
});

suite('zotero: items as papers', () => {
  test('every recorded item reads; an attachment is read too, and is no paper', () => {
    assert.equal(items().length, 20);
    assert.ok(items().every(isPaperItem));
    const attachment = ZoteroItemSchema.parse(recorded('attachments_doc.json'));
    assert.equal(attachment.data.itemType, 'attachment');
    assert.equal(isPaperItem(attachment), false);
    assert.deepEqual(joinZotero([], { items: [attachment], keys: {} }).papers, []);
  });

  test('an answer that is not items is refused, not half read', () => {
    assert.equal(ZoteroItemsSchema.safeParse(recorded('collections_doc.json')).success, false);
    assert.equal(ZoteroItemsSchema.safeParse({ error: 'Forbidden' }).success, false);
    assert.equal(ZoteroItemsSchema.safeParse([{ key: 'A', version: 1, data: { key: 'not a key', itemType: 'book' } }]).success, false);
  });

  test('a journal article: authors, date as Zotero parsed it, journal, volume, pages and DOI', () => {
    const paper = zoteroPaper(byKey('PQKBRC33'), 'buck1980');
    assert.equal(paper.id, 'zotero-pqkbrc33');
    assert.equal(paper.title, 'Sherlock Holmes in Babylon');
    // The library names him in one field, as a family name: so does the paper.
    assert.deepEqual(paper.authors, [{ family: 'R. Creighton Buck' }]);
    assert.equal(paper.year, 1980);
    assert.equal(paper.date, 'May 1, 1980');
    assert.equal(paper.venue, 'The American Mathematical Monthly');
    assert.equal(paper.doi, '10.2307/2321200');
    assert.equal(paper.reference?.type, 'article-journal');
    assert.deepEqual(paper.sources, [{ file: 'zotero://select/library/items/PQKBRC33', line: 1 }]);
  });

  test('a book by an organisation: a literal name, its publisher, the year alone', () => {
    const paper = zoteroPaper(ZoteroItemSchema.parse(recorded('item_doc.json')), 'k');
    assert.equal(paper.reference?.type, 'book');
    assert.deepEqual(paper.authors, [{ literal: 'Institute of Physics (Great Britain)' }]);
    assert.equal(paper.date, '1993');
    assert.equal(paper.venue, 'Institute of Physics Pub');
  });

  test('citing an item writes its entry in each flavour the documents use', () => {
    const paper = zoteroPaper(byKey('33TK9NH9'), 'lima2011biscrolling');
    const bib = bibtexEntry(paper);
    assert.match(bib, /^@article\{lima2011biscrolling,/);
    assert.match(bib, /journal\s*= \{Science\}/);
    assert.match(bib, /doi\s*= \{10\.1126\/science\.1195912\}/);
    assert.match(bibtexEntry(paper, 'biblatex'), /^@article\{lima2011biscrolling,/);
    const csl = cslEntry(paper);
    assert.equal(csl.id, 'lima2011biscrolling');
    assert.equal(csl.type, 'article-journal');
    assert.equal(csl['container-title'], 'Science');
  });

  test("with include=csljson, Zotero's own CSL-JSON is what citing writes (added by hand: the recordings did not ask for it)", () => {
    const item = ZoteroItemSchema.parse({
      ...byKey('PQKBRC33'),
      csljson: { id: '475425/PQKBRC33', type: 'article-journal', title: 'Sherlock Holmes in Babylon', 'container-title': 'Amer. Math. Monthly', author: [{ family: 'Buck', given: 'R. Creighton' }], issued: { 'date-parts': [['1980', 5, 1]] } },
    });
    const paper = zoteroPaper(item, 'buck1980');
    assert.equal(paper.reference?.key, 'buck1980');
    assert.equal(paper.venue, 'Amer. Math. Monthly');
    assert.equal(cslEntry(paper).id, 'buck1980');
  });
});

suite('zotero: keys', () => {
  const withData = (data: Partial<ZoteroItem['data']>): ZoteroItem => {
    const item = byKey('PQKBRC33');
    return { ...item, data: { ...item.data, ...data } };
  };

  test("the item's citationKey field, else Better BibTeX's line in Extra, else none", () => {
    assert.equal(itemKey(withData({ citationKey: 'buckBabylon' })), 'buckBabylon');
    assert.equal(itemKey(withData({ extra: 'ArticleType: research-article\nCitation Key: buck-1980:babylon\nPMID: 1' })), 'buck-1980:babylon');
    assert.equal(itemKey(withData({ citationKey: 'buckBabylon', extra: 'Citation Key: other' })), 'buckBabylon');
    // The recorded Extra fields name no key.
    assert.equal(itemKey(byKey('PQKBRC33')), undefined);
    assert.equal(itemKey(withData({ extra: 'Citation Key: has space' })), undefined);
    assert.equal(itemKey(withData({ citationKey: 'a,b' })), undefined);
  });

  test('an item without a key gets one by the rules of fetched papers, kept for the next join', () => {
    const all = items();
    const first = joinZotero([], { items: all, keys: {} });
    assert.equal(first.papers.length, 20);
    assert.equal(first.keys.PQKBRC33, 'rcreightonbuck1980sherlock');
    assert.equal(first.keys.B2VNV5Q7, 'higham1976adventures');
    // Four books by Doyle, Knight… and two undated web pages: no two items share a key.
    const keys = Object.values(first.keys).map(k => k.toLowerCase());
    assert.equal(new Set(keys).size, 20);
    assert.ok(Object.values(first.keys).every(k => /^[a-z][a-z0-9]*$/.test(k)), Object.values(first.keys).join(' '));
    // Asked again with the keys it made, in another order and with a new item that would take a key first: none changes.
    const newcomer = { ...byKey('PQKBRC33'), key: 'AAAAAAAA', data: { ...byKey('PQKBRC33').data, key: 'AAAAAAAA' } };
    const again = joinZotero([], { items: [newcomer, ...all.reverse()], keys: first.newKeys });
    for (const item of all) assert.equal(again.keys[item.key], first.keys[item.key]);
    assert.equal(again.keys.AAAAAAAA, 'rcreightonbuck1980sherlocka');
    assert.deepEqual(again.newKeys, { AAAAAAAA: 'rcreightonbuck1980sherlocka' });
  });

  test("a made key never takes one the library or an item's own key has", () => {
    const pinned = { ...byKey('B2VNV5Q7'), key: 'BBBBBBBB', data: { ...byKey('B2VNV5Q7').data, key: 'BBBBBBBB', citationKey: 'rcreightonbuck1980sherlock' } };
    const joined = joinZotero([libraryPaper('Higham1976adventures')], { items: [byKey('PQKBRC33'), byKey('B2VNV5Q7'), pinned], keys: {} });
    assert.equal(joined.keys.BBBBBBBB, 'rcreightonbuck1980sherlock');
    assert.equal(joined.keys.PQKBRC33, 'rcreightonbuck1980sherlocka');
    assert.equal(joined.keys.B2VNV5Q7, 'higham1976adventuresa');
  });

  test("an item whose own key the writer's bibliography has stays the writer's entry", () => {
    const exported = { ...byKey('PQKBRC33'), data: { ...byKey('PQKBRC33').data, citationKey: 'Buck1980' } };
    const joined = joinZotero([libraryPaper('buck1980')], { items: [exported, byKey('B2VNV5Q7')], keys: {} });
    assert.deepEqual(joined.papers.map(p => p.key), ['higham1976adventures']);
    assert.equal(joined.keys.PQKBRC33, 'Buck1980');
  });
});
