import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { styleFinder, readStyleList, repositoryStyleOf, repositoryStyleUrl, styleListRow, styleSlug } from '../../../../src/core/styles/repository';
import { ROOT } from '../../support/seeds';

const LIST = readStyleList(readFileSync(join(ROOT, 'src', 'data', 'styles', 'repository.tsv'), 'utf8'));
const find = styleFinder(LIST);
const FIXTURES = join(ROOT, 'test', 'fixtures', 'styles');

suite('the CSL repository\'s styles by name (src/data/styles/repository.tsv)', () => {
  test('the shipped list holds every style of the snapshot, each id once, each dependent\'s parent an independent style of the list', () => {
    assert.equal(LIST.length, 10380);
    const byId = new Map(LIST.map(s => [s.id, s]));
    assert.equal(byId.size, LIST.length, 'ids are unique');
    const dependents = LIST.filter(s => s.parent);
    assert.equal(dependents.length, 7832);
    for (const style of dependents) {
      const parent = byId.get(style.parent!);
      assert.ok(parent && !parent.parent, `${style.id}: its parent ${style.parent} is an independent style of the list`);
    }
    for (const style of LIST) assert.match(style.id, /^[a-z0-9][a-z0-9.-]*$/, `${style.id}: a file name the repository uses`);
  });

  test('each style file of the repository the tests hold reads to the row the list has for it', () => {
    for (const name of readdirSync(FIXTURES).filter(n => n.endsWith('.csl'))) {
      const id = name.slice(0, -4);
      const row = repositoryStyleOf(id, readFileSync(join(FIXTURES, name), 'utf8'));
      assert.deepEqual(LIST.find(s => s.id === id), row, id);
      assert.deepEqual(readStyleList(styleListRow(row!)), [row], `${id}: its row reads back`);
    }
  });

  test('a style is found by its id, its title in any case and spacing, or its URL; a file name with .csl too', () => {
    assert.equal(find('ieee-access')?.title, 'IEEE Access');
    assert.equal(find('IEEE-Access.csl')?.id, 'ieee-access');
    assert.equal(find('  nature   communications ')?.id, 'nature-communications');
    assert.equal(find('Nature Communications')?.parent, 'nature');
    assert.equal(find('https://www.zotero.org/styles/elsevier-harvard')?.title, 'Elsevier - Harvard (with titles)');
    assert.equal(find('https://raw.githubusercontent.com/citation-style-language/styles/master/dependent/acta-histochemica.csl')?.parent, 'elsevier-harvard');
    // An id that is not its title's slug is the list's own (most are left out of it).
    const unslugged = LIST.find(s => s.id !== styleSlug(s.title))!;
    assert.equal(find(unslugged.id), unslugged);
    assert.equal(find('no such journal'), undefined);
    assert.equal(find(''), undefined);
  });

  test('a dependent style is fetched from dependent/, an independent one from the top, under any base', () => {
    assert.equal(repositoryStyleUrl('https://example.org/styles/', { id: 'ieee-access', parent: 'ieee' }), 'https://example.org/styles/dependent/ieee-access.csl');
    assert.equal(repositoryStyleUrl('http://127.0.0.1:9/csl', { id: 'elsevier-harvard' }), 'http://127.0.0.1:9/csl/elsevier-harvard.csl');
  });

  test('slugs follow the repository\'s names: accents dropped, & as "and", punctuation as one hyphen', () => {
    assert.equal(styleSlug('Acta Histochemica'), 'acta-histochemica');
    assert.equal(styleSlug('Revista Española de Cardiología'), 'revista-espanola-de-cardiologia');
    assert.equal(styleSlug('Trends in Ecology & Evolution'), 'trends-in-ecology-and-evolution');
    assert.equal(styleSlug('(IEEE) Transactions: Signal—Processing'), 'ieee-transactions-signal-processing');
  });
});
