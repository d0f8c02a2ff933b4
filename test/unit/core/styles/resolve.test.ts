import * as assert from 'node:assert/strict';
import { bundledStyleId, styleInForce } from '../../../../src/core/styles/resolve';
import { checkStyle, StyleError } from '../../../../src/core/styles/styleXml';
import { createStyleEngine } from '../../../../src/styles';

suite('styleInForce', () => {
  test("the document's own csl: comes first, then the project's, then the setting, then APA", () => {
    const document = '---\ntitle: T\ncsl: ieee.csl\n---\n\nText [@a].\n';
    const project = 'project:\n  type: book\nformat:\n  html:\n    csl: styles/nature.csl\n';
    assert.deepEqual(styleInForce({ document, project, setting: 'vancouver' }), { origin: 'document', bundled: 'ieee', path: 'ieee.csl' });
    assert.deepEqual(styleInForce({ document: '# No front matter\n', project, setting: 'vancouver' }), { origin: 'project', bundled: 'nature', path: 'styles/nature.csl' });
    assert.deepEqual(styleInForce({ document: '---\ntitle: T\n---\n', setting: 'chicago-author-date' }), { origin: 'setting', bundled: 'chicago-author-date' });
    assert.deepEqual(styleInForce({ document: '---\ntitle: T\n---\n', setting: '  ' }), { origin: 'default', bundled: 'apa' });
    assert.deepEqual(styleInForce({}), { origin: 'default', bundled: 'apa' });
  });

  test("a writer's own .csl file is a path; quotes and comments around it go; lang: gives the locale", () => {
    assert.deepEqual(styleInForce({ document: '---\ncsl: "my style.csl" # the journal\'s\nlang: de-DE\n---\n' }), { origin: 'document', path: 'my style.csl', locale: 'de-DE' });
    assert.deepEqual(styleInForce({ setting: 'styles/journal.csl' }), { origin: 'setting', path: 'styles/journal.csl' });
    // A csl: in the text, not in front matter, is nobody's setting.
    assert.deepEqual(styleInForce({ document: 'Intro\n\ncsl: ieee.csl\n' }), { origin: 'default', bundled: 'apa' });
  });

  test('a LaTeX document\'s language (babel\'s main one, as biblatex takes it; polyglossia\'s, as pandoc reads it) gives the locale', () => {
    const tex = (preamble: string) => `\\documentclass{article}\n${preamble}\n\\begin{document}\n\\usepackage[french]{babel} is text here\n\\end{document}\n`;
    const locale = (preamble: string) => styleInForce({ document: tex(preamble) }).locale;
    assert.equal(locale('\\usepackage[english,ngerman]{babel}'), 'de-DE', 'the last language is the main one');
    assert.equal(locale('\\usepackage[main=english,french]{babel}'), 'en-US', 'main= wins');
    assert.equal(locale('\\usepackage[T1]{fontenc}\n\\usepackage[british]{babel}'), 'en-GB');
    assert.equal(locale('\\usepackage[naustrian, shorthands=off]{babel}'), 'de-AT');
    assert.equal(locale('\\usepackage{polyglossia}\n\\setdefaultlanguage[variant=british]{english}'), 'en-GB');
    assert.equal(locale('\\usepackage{polyglossia}\n\\setmainlanguage{czech}'), 'cs-CZ');
    assert.equal(locale('% \\usepackage[french]{babel}'), undefined, 'a line commented out, and the body, are not the preamble');
    assert.equal(locale('\\usepackage[utf8]{inputenc}'), undefined);
    // A Markdown document's lang: comes first.
    assert.equal(styleInForce({ document: '---\nlang: fi-FI\n---\n\\usepackage[ngerman]{babel}\n' }).locale, 'fi-FI');
    assert.equal(createStyleEngine('ieee', locale('\\usepackage[ngerman]{babel}')).locale, 'de-DE');
  });

  test("bundledStyleId knows the shipped styles by id, file name or path, in any case", () => {
    assert.equal(bundledStyleId('IEEE'), 'ieee');
    assert.equal(bundledStyleId('csl/chicago-author-date.csl'), 'chicago-author-date');
    assert.equal(bundledStyleId('harvard'), undefined);
  });
});

suite('a .csl that does not parse', () => {
  const valid = '<?xml version="1.0"?>\n<style xmlns="http://purl.org/net/xbiblio/csl" version="1.0">\n<info><title>Mine</title><id>x</id></info>\n</style>\n';

  test('is reported with its file and line, and the caller can fall back to the default', () => {
    const broken = valid.replace('<info><title>Mine</title>', '<info><title>Mine</titel>');
    assert.throws(() => checkStyle(broken, 'styles/mine.csl'), (e: unknown) => e instanceof StyleError && e.file === 'styles/mine.csl' && e.line === 3 && /closes "<title>"/.test(e.reason));
    assert.throws(() => createStyleEngine({ xml: broken, file: 'styles/mine.csl' }), /styles\/mine\.csl:3: /);
    // The default still builds.
    assert.equal(createStyleEngine('apa').info.title, 'American Psychological Association 7th edition');
  });

  test('XML that is not a CSL style, an unclosed element and an empty file each say so', () => {
    assert.throws(() => checkStyle('<?xml version="1.0"?>\n<html><body/></html>', 'a.csl'), /a\.csl:2: this is XML but not a CSL style/);
    assert.throws(() => checkStyle(valid.replace('</style>\n', ''), 'b.csl'), /b\.csl:2: <style> is not closed/);
    assert.throws(() => checkStyle('', 'c.csl'), /c\.csl:1: the file is empty/);
    assert.throws(() => checkStyle('{"not": "xml"}', 'd.csl'), /d\.csl:1: this is not XML/);
    assert.equal(checkStyle(valid, 'ok.csl').title, 'Mine');
  });
});
