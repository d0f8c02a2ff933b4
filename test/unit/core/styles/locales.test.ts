import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CslItem } from '../../../../src/core/styles/engine';
import { BUNDLED_LOCALES, bundledLocale, createStyleEngine } from '../../../../src/styles';
import { ROOT } from '../../support/seeds';

const LOCALES = join(ROOT, 'src', 'data', 'styles', 'locales');
const item: CslItem = {
  id: 'vaswani2017', type: 'paper-conference', title: 'Attention is all you need', 'container-title': 'Advances in Neural Information Processing Systems',
  author: [{ family: 'Vaswani', given: 'Ashish' }, { family: 'Shazeer', given: 'Noam' }], issued: { 'date-parts': [[2017]] },
};
/** The locale's own word for "and", read from its file: what IEEE writes between two authors. */
const and = (tag: string) => /<term name="and">([^<]+)<\/term>/.exec(readFileSync(join(LOCALES, `locales-${tag}.xml`), 'utf8'))![1];
/** A bundled style, its default-locale set to `tag`, as a journal's own style would. */
const ieeeIn = (tag: string) => ({ xml: readFileSync(join(ROOT, 'src', 'data', 'styles', 'ieee.csl'), 'utf8').replace(/<style /, `<style default-locale="${tag}" `), file: `ieee-${tag}.csl` });

suite('locales: every one of the CSL locales repository ships, and the right one is chosen', () => {
  test('each locale file ships under its own tag, and says it is that locale', () => {
    const files = readdirSync(LOCALES).map(f => /^locales-(.+)\.xml$/.exec(f)![1]).sort();
    assert.equal(files.length, 54, 'the 54 locales of the CSL locales repository');
    assert.deepEqual([...BUNDLED_LOCALES].sort(), files);
    for (const tag of files) assert.match(bundledLocale(tag)!, new RegExp(`xml:lang="${tag}"`), tag);
  });

  test('a tag finds its locale exactly, else its language\'s primary dialect; an unknown language none', () => {
    const lang = (tag: string) => /xml:lang="([^"]+)"/.exec(bundledLocale(tag) ?? '')?.[1];
    assert.equal(lang('de-AT'), 'de-AT');
    assert.equal(lang('fr_CA'), 'fr-CA');
    assert.equal(lang('de'), 'de-DE');
    assert.equal(lang('de-LU'), 'de-DE');
    assert.equal(lang('fr-BE'), 'fr-FR');
    assert.equal(lang('es-AR'), 'es-ES');
    assert.equal(lang('zh-HK'), 'zh-CN');
    assert.equal(lang('pt'), 'pt-PT');
    assert.equal(lang('en'), 'en-US');
    assert.equal(lang('cs'), 'cs-CZ');
    assert.equal(lang('xx-YY'), undefined);
  });

  test('a style whose default-locale was not shipped before (Czech, Finnish, Ukrainian, Canadian French) writes its own terms', () => {
    for (const tag of ['cs-CZ', 'fi-FI', 'uk-UA', 'fr-CA', 'de-AT']) {
      const engine = createStyleEngine(ieeeIn(tag));
      assert.equal(engine.locale, tag);
      assert.ok(engine.reference(item, 'text').includes(`A. Vaswani ${and(tag)} N. Shazeer`), `${tag}: ${engine.reference(item, 'text')}`);
    }
  });

  test('the writer\'s locale (papers.citation.locale) serves a style that names none; a style\'s own and a document\'s lang: win over it', () => {
    assert.equal(createStyleEngine('ieee', undefined, 'fi-FI').locale, 'fi-FI');
    assert.match(createStyleEngine('ieee', undefined, 'fi-FI').reference(item, 'text'), / ja N\. Shazeer/);
    // Nature names en-GB; a document's lang: (the second argument) wins over both, as in pandoc.
    assert.equal(createStyleEngine('nature', undefined, 'fi-FI').locale, 'en-GB');
    assert.equal(createStyleEngine('nature', 'de-DE', 'fi-FI').locale, 'de-DE');
    assert.equal(createStyleEngine('ieee', undefined, 'xx-YY').locale, 'en-US', 'a locale not shipped: en-US');
  });
});
