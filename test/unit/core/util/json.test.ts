import * as assert from 'node:assert/strict';
import { sameJson } from '../../../../src/core/util/json';

suite('sameJson', () => {
  test('equal JSON values, whatever the order of object keys', () => {
    assert.ok(sameJson({ a: [1, { b: 'x', c: null }], d: true }, { d: true, a: [1, { c: null, b: 'x' }] }));
    assert.ok(sameJson([], []));
  });

  test('different values, lengths, kinds and missing keys', () => {
    for (const [a, b] of [[1, '1'], [[1, 2], [2, 1]], [[1], [1, 1]], [{ a: 1 }, { a: 1, b: undefined }], [{ a: 1 }, { b: 1 }], [null, {}], [[], {}]] as [unknown, unknown][]) {
      assert.ok(!sameJson(a, b), JSON.stringify([a, b]));
    }
  });
});
