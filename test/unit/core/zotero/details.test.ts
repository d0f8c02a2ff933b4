import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isZoteroItemKey, itemRefOfPaperId, noteText, pickPdf, zoteroDetails, zoteroOpenPdfUri, ZoteroChildrenSchema, ZoteroItemsSchema, zoteroPaperId, type ZoteroChild } from '../../../../src/core/zotero';
import { RECORDINGS } from '../../../support/replayServer';

/** The recorded answers of Zotero's Web API (urschrei/pyzotero, Blue Oak licence), read as the host reads them. */
const recorded = (file: string): unknown => JSON.parse(readFileSync(join(RECORDINGS, 'zotero', file), 'utf8'));
const attachment = () => recorded('attachments_doc.json') as { key: string; links: Record<string, unknown>; data: Record<string, unknown> };
const child = (key: string, data: Record<string, unknown>, enclosure?: string): ZoteroChild =>
  ({ key, data: { itemType: 'attachment', ...data }, ...(enclosure ? { links: { enclosure: { href: enclosure } } } : {}) });

suite('zotero: an item\'s details', () => {
  test('a note\'s HTML as text: blocks on lines of their own, list items bulleted, entities decoded, tags and scripts dropped', () => {
    assert.equal(noteText('<div data-schema-version="8"><h1>Reading</h1><p>Holmes &amp; <b>Watson</b> &lt;b&gt;</p><ul><li>one</li><li>two</li></ul></div>'),
      'Reading\nHolmes & Watson <b>\n• one\n• two');
    assert.equal(noteText('<p>a<br>b<br/>c</p><script>alert(1)</script><style>p{}</style><!-- x --><p>&#8220;q&#x201D;&nbsp;&unknown;</p>'), 'a\nb\nc\n“q” &unknown;');
    assert.equal(noteText('<p>  many\n\n   spaces\tinside  </p>'), 'many spaces inside');
    assert.equal(noteText('3 < 4 and <img src=x onerror=alert(1)> 5 > 4'), '3 < 4 and 5 > 4', 'a tag is dropped, a lone "<" stays text');
    assert.equal(noteText(''), '');
  });

  test('the PDF among the children: a PDF attachment, a stored file before a link; its file when Zotero gives a file: URL', () => {
    const children: ZoteroChild[] = [
      child('SNAP0001', { contentType: 'text/html', linkMode: 'imported_url' }, 'file:///zotero/storage/SNAP0001/page.html'),
      child('LINK0001', { contentType: 'application/pdf', linkMode: 'linked_url', title: 'Publisher PDF' }),
      child('FILE0001', { contentType: 'application/pdf', linkMode: 'imported_file', title: 'Full Text PDF' }, 'file:///zotero/storage/FILE0001/a%20b.pdf'),
      { key: 'NOTE0001', data: { itemType: 'note', note: '<p>x</p>' } },
    ];
    assert.deepEqual(pickPdf(children), { key: 'FILE0001', title: 'Full Text PDF', file: { url: 'file:///zotero/storage/FILE0001/a%20b.pdf' } });
    assert.deepEqual(pickPdf(children.filter(c => c.key !== 'FILE0001')), { key: 'LINK0001', title: 'Publisher PDF' }, 'a link to a PDF on the web: Zotero opens it');
    assert.deepEqual(pickPdf([child('LINK0002', { contentType: 'application/pdf', linkMode: 'linked_file', path: '/home/w/papers/x.pdf' })]),
      { key: 'LINK0002', title: 'PDF', file: { path: '/home/w/papers/x.pdf' } });
    assert.equal(pickPdf([child('LINK0003', { contentType: 'application/pdf', linkMode: 'linked_file', path: 'attachments:papers/x.pdf' })])?.file, undefined, 'relative to Zotero\'s base folder: not found from here');
    assert.equal(pickPdf(children.filter(c => c.data.contentType !== 'application/pdf')), undefined);
  });

  test('the recorded attachment: read as Zotero answers it; a snapshot on zotero.org is no PDF and no file here', () => {
    const [snapshot] = ZoteroChildrenSchema.parse([attachment()]);
    assert.equal(snapshot.key, 'TM8QRS36');
    assert.equal(pickPdf([snapshot]), undefined, 'text/html');
    const asPdf = ZoteroChildrenSchema.parse([{ ...attachment(), data: { ...attachment().data, contentType: 'application/pdf' } }]);
    assert.deepEqual(pickPdf(asPdf), { key: 'TM8QRS36', title: '1641 Depositions' }, 'its enclosure is https://api.zotero.org/…: not a file on this computer');
    assert.equal(ZoteroChildrenSchema.safeParse([{ ...attachment(), key: 'tm8qrs36/../x' }]).success, false, 'a key that is not Zotero\'s is refused');
  });

  test('an item\'s fields with Zotero\'s labels, its date first, then the others in Zotero\'s order; its creators by role, its tags and notes', () => {
    const [item] = ZoteroItemsSchema.parse([recorded('item_doc.json')]);
    const details = zoteroDetails(item, [{ key: 'NOTE0001', data: { itemType: 'note', note: '<p>Read <i>ch. 2</i></p>' } }, { key: 'NOTE0002', data: { itemType: 'note', note: '<p></p>' } }]);
    assert.deepEqual(details.fields.slice(0, 3), [
      { label: 'Item Type', value: 'Book' },
      { label: 'Author', value: 'Institute of Physics (Great Britain)' },
      { label: 'Contributors', value: 'A. J Craven; Institute of Physics (Great Britain); Institute of Physics (Great Britain); Institute of Materials (Great Britain); Royal Microscopical Society (Great Britain); University of Liverpool' },
    ]);
    assert.deepEqual(details.fields.slice(3).map(f => f.label), ['Date', 'Series', 'Series Number', 'Place', 'Publisher', '# of Pages', 'ISBN', 'Short Title', 'Library Catalog', 'Call Number'], 'only the fields it fills; not its title, abstract, dates added or keys');
    assert.deepEqual(details.tags, ['Analysis', 'Congresses', 'Electron microscopy', 'Materials', 'Microscopy']);
    assert.deepEqual(details.notes, ['Read ch. 2'], 'an empty note is left out');
    assert.equal(details.pdf, undefined);
  });

  test('zotero:// URIs are made only of item keys; a paper\'s id gives its item key back', () => {
    assert.equal(zoteroOpenPdfUri('TM8QRS36'), 'zotero://open-pdf/library/items/TM8QRS36');
    assert.equal(zoteroOpenPdfUri('TM8QRS36/../../x'), undefined);
    assert.equal(zoteroOpenPdfUri('tm8qrs36'), undefined);
    assert.equal(isZoteroItemKey('X42A7DEE'), true);
    assert.equal(itemRefOfPaperId(zoteroPaperId('X42A7DEE')), 'X42A7DEE');
    assert.equal(itemRefOfPaperId('2406.12345'), undefined);
    assert.equal(itemRefOfPaperId('zotero-x42a7dee0'), undefined);
  });
});
