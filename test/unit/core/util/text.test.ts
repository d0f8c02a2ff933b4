import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { slugify, toAscii } from '../../../../src/core/util/text';

suite('text folding', () => {
  test('ASCII text is kept as it is; accents go, Greek is spelt out', () => {
    assert.equal(toAscii('GUI-R1: a ^*~ title\t(2024)'), 'GUI-R1: a ^*~ title\t(2024)');
    assert.equal(toAscii('TÜLU 3'), 'TULU 3');
    assert.equal(toAscii('τ^2-Bench Ωmega'), 'tau^2-Bench Omegamega');
    assert.equal(toAscii('Straße – Łódź'), 'Strasse - Lodz');
  });

  test('ASCII text, whatever its characters, is its own fold (fast-check)', () => {
    fc.assert(fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map(c => String.fromCharCode(c)) }), s => {
      assert.equal(toAscii(s), s);
    }), { numRuns: 2000 });
  });

  test('slugs of ASCII and accented titles', () => {
    assert.equal(slugify('GUI-R1 : A Generalist'), 'gui-r1-a-generalist');
    assert.equal(slugify('  Über τ-Bench!  '), 'uber-tau-bench');
  });
});
