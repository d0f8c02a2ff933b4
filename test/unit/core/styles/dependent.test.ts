import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CslItem } from '../../../../src/core/styles/engine';
import { createStyleEngine, StyleError } from '../../../../src/styles';
import { ROOT } from '../../support/seeds';

// Real styles of the CSL repository (test/fixtures/styles/README.md).
const style = (name: string) => ({ xml: readFileSync(join(ROOT, 'test', 'fixtures', 'styles', `${name}.csl`), 'utf8'), file: `${name}.csl` });
const item: CslItem = {
  id: 'vaswani2017', type: 'paper-conference', title: 'Attention is all you need', 'container-title': 'Advances in Neural Information Processing Systems',
  author: [{ family: 'Vaswani', given: 'Ashish' }, { family: 'Shazeer', given: 'Noam' }], issued: { 'date-parts': [[2017]] },
  editor: [{ family: 'Guyon', given: 'Isabelle' }], URL: 'https://arxiv.org/abs/1706.03762', page: '5998-6008',
};

suite('dependent styles: a journal\'s name over another style\'s rules', () => {
  test('IEEE Access formats as IEEE (its bundled parent), under its own title', () => {
    const access = createStyleEngine(style('ieee-access'));
    assert.equal(access.info.title, 'IEEE Access');
    assert.equal(access.info.id, 'http://www.zotero.org/styles/ieee-access');
    assert.equal(access.numeric, true);
    assert.equal(access.reference(item, 'text'), createStyleEngine('ieee').reference(item, 'text'));
    assert.match(access.reference(item, 'text'), /^\[1\] A\. Vaswani and N\. Shazeer, “Attention is all you need,”/);
  });

  test('the dependent style\'s own locale wins over its parent\'s: en-GB for an APA journal, Spanish terms for a Vancouver one', () => {
    const british = createStyleEngine(style('african-journal-of-career-development'));
    assert.equal(british.locale, 'en-GB');
    assert.equal(createStyleEngine('apa').locale, 'en-US');
    const spanish = createStyleEngine(style('acta-otorrinolaringologica-espanola'));
    assert.equal(spanish.locale, 'es-ES');
    assert.match(spanish.reference(item, 'text'), /Disponible en:/);
    assert.match(createStyleEngine('vancouver').reference(item, 'text'), /Available from:/);
  });

  test('a parent that is not bundled: the one given (found beside it) is used; none is a problem at the line naming it', () => {
    const histochemica = style('acta-histochemica');
    const withParent = createStyleEngine({ ...histochemica, parent: style('elsevier-harvard') });
    assert.equal(withParent.info.title, 'Acta Histochemica');
    assert.equal(withParent.reference(item, 'text'), createStyleEngine(style('elsevier-harvard')).reference(item, 'text'));
    const line = histochemica.xml.split('\n').findIndex(l => l.includes('rel="independent-parent"')) + 1;
    assert.throws(() => createStyleEngine(histochemica), (error: unknown) => {
      assert.ok(error instanceof StyleError);
      assert.deepEqual([error.file, error.line], ['acta-histochemica.csl', line]);
      assert.match(error.reason, /parent style "elsevier-harvard" was not found/);
      return true;
    });
  });

  test('a parent that is itself dependent is refused, at the line naming it', () => {
    const access = style('ieee-access');
    assert.throws(() => createStyleEngine({ ...style('acta-histochemica'), parent: access }), /is itself a dependent style \(of "ieee"\)/);
  });
});
