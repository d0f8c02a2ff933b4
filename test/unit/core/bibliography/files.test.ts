import * as assert from 'node:assert/strict';
import { parseBib } from '../../../../src/core/bibliography/bibtex/parse';
import { candidatePaths, isPdf, parseFileField } from '../../../../src/core/bibliography/files';

/** The `file` field as the .bib reader gives it (delimiters removed, escapes kept), from an entry written as the export has it. */
const fieldOf = (line: string) => parseBib(`@article{a,\n${line}\n}`).entries[0].fields.file;

suite('file fields: the forms reference managers write', () => {
  // Lines copied from the exports in bibtex-tidy/better-bibtex (JabRef 5, Better BibTeX, JabRef on Windows).
  test('JabRef, no description: `:Deleuze1990.pdf:PDF` (BBT_does_not_import_groups_from_JabRef_5.1_1641.bib)', () => {
    assert.deepEqual(parseFileField(fieldOf('  file       = {:Deleuze1990.pdf:PDF},')), [{ description: '', path: 'Deleuze1990.pdf', type: 'PDF' }]);
  });

  test('JabRef, several files separated by `;`, an EPUB among them', () => {
    const files = parseFileField(fieldOf('  file      = {:Nail2020a.epub:ePUB;:Nail2020a.pdf:PDF},'));
    assert.deepEqual(files.map(f => [f.path, f.type]), [['Nail2020a.epub', 'ePUB'], ['Nail2020a.pdf', 'PDF']]);
    assert.deepEqual(files.filter(isPdf).map(f => f.path), ['Nail2020a.pdf']);
    assert.deepEqual(parseFileField(fieldOf('  file      = {:2.pdf:PDF;stuff:1.pdf:PDF},')).map(f => [f.description, f.path]), [['', '2.pdf'], ['stuff', '1.pdf']]);
  });

  test('Better BibTeX / Zotero: a description, a relative path with spaces, a MIME type', () => {
    const [file] = parseFileField(fieldOf('  file = {Robinson_2007_Theories of globalization.pdf:Better BibTeX.015/F64PVIN4/Robinson_2007_Theories of globalization.pdf:application/pdf}'));
    assert.deepEqual(file, { description: 'Robinson_2007_Theories of globalization.pdf', path: 'Better BibTeX.015/F64PVIN4/Robinson_2007_Theories of globalization.pdf', type: 'application/pdf' });
    assert.ok(isPdf(file));
  });

  test('JabRef on Windows: escaped colons `\\:` and backslashes `\\\\` (Jabref_import_-_groups_lost_1730-5.bib)', () => {
    const files = parseFileField(fieldOf(String.raw`  file      = {R1:C\:\\Users\\jfd1\\papers\\VSDH_R1.pdf:PDF;Published version:C\:\\Users\\jfd1\\BLS Stats\\x.pdf:PDF},`));
    assert.deepEqual(files.map(f => [f.description, f.path, f.type]), [
      ['R1', String.raw`C:\Users\jfd1\papers\VSDH_R1.pdf`, 'PDF'],
      ['Published version', String.raw`C:\Users\jfd1\BLS Stats\x.pdf`, 'PDF'],
    ]);
    assert.deepEqual(candidatePaths(files[0]), [String.raw`C:\Users\jfd1\papers\VSDH_R1.pdf`], 'an absolute path is tried as it is');
  });

  test('Mendeley: `$\\backslash$` for a backslash, and an absolute path without its leading slash', () => {
    const [windows] = parseFileField(fieldOf(String.raw`  file = {:C$\backslash$:/Users/me/Mendeley/x.pdf:pdf},`));
    assert.equal(windows.path, String.raw`C:/Users/me/Mendeley/x.pdf`);
    const [unix] = parseFileField(fieldOf('  file = {:home/me/Documents/Mendeley Desktop/Vaswani 2017.pdf:pdf},'));
    assert.deepEqual(candidatePaths(unix), ['home/me/Documents/Mendeley Desktop/Vaswani 2017.pdf', '/home/me/Documents/Mendeley Desktop/Vaswani 2017.pdf']);
  });

  test('a bare path or URL (biblatex examples, hand-written): the whole value, no type', () => {
    assert.deepEqual(parseFileField(fieldOf('  file         = {ftp://gaia.cs.umass.edu/pub/Padhey99-markov.ps},')), [{ description: '', path: 'ftp://gaia.cs.umass.edu/pub/Padhey99-markov.ps', type: '' }]);
    assert.deepEqual(parseFileField('papers/attention.pdf').map(f => [f.path, isPdf(f)]), [['papers/attention.pdf', true]]);
    assert.deepEqual(parseFileField('attention.pdf:PDF').map(f => [f.path, f.type]), [['attention.pdf', 'PDF']]);
  });

  test('Windows separators of a relative path become `/`; empty parts are skipped', () => {
    assert.deepEqual(candidatePaths(parseFileField(String.raw`:pdfs\\x.pdf:PDF`)[0]), ['pdfs/x.pdf']);
    assert.deepEqual(parseFileField(' ; :a.pdf:PDF; '), [{ description: '', path: 'a.pdf', type: 'PDF' }]);
    assert.deepEqual(parseFileField(''), []);
  });
});
