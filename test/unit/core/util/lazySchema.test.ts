import * as assert from 'node:assert/strict';
import * as z from '../../../../src/core/util/zod';

suite('lazySchema: zod schemas built on first use', () => {
  test('nothing is built until the schema is used, and it is built once', () => {
    let built = 0;
    const Point = z.lazySchema(() => { built++; return z.object({ x: z.number(), y: z.number() }); });
    const Shape = z.lazySchema(() => z.object({ corners: z.array(Point), label: z.optional(z.string()) }));
    assert.equal(built, 0, 'defining schemas (even one inside another) builds none');
    assert.deepEqual(Shape.parse({ corners: [{ x: 1, y: 2 }] }), { corners: [{ x: 1, y: 2 }] });
    assert.equal(Point.safeParse({ x: 1 }).success, false);
    assert.equal(built, 1);
  });

  test('a lazy schema accepts, rejects and reports exactly as the same schema built at once', () => {
    const make = () => z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('open'), id: z.string().check(z.minLength(1)) }),
      z.strictObject({ type: z.literal('star'), id: z.string(), starred: z.boolean() }),
    ]);
    const eager = make();
    const lazy = z.lazySchema(make);
    const inputs: unknown[] = [
      { type: 'open', id: 'a' }, { type: 'open', id: '' }, { type: 'star', id: 'a', starred: 'yes' },
      { type: 'close' }, { type: 'open', id: 'a', extra: 1 }, null, 'open', [],
    ];
    for (const input of inputs) {
      const a = eager.safeParse(input);
      const b = lazy.safeParse(input);
      assert.equal(b.success, a.success, JSON.stringify(input));
      assert.deepEqual(b.success ? b.data : z.firstIssue(b.error), a.success ? a.data : z.firstIssue(a.error), JSON.stringify(input));
    }
    // Inside other schemas (nullable, array, record of them) too.
    const list = z.array(z.nullable(lazy));
    assert.equal(list.safeParse([null, { type: 'open', id: 'b' }]).success, true);
    assert.equal(list.safeParse([{ type: 'open' }]).success, false);
  });

  test('a record of schemas is indexed as a plain object', () => {
    const schemas = z.lazySchema(() => ({ count: z.int(), name: z.string() }));
    assert.equal(schemas.count.safeParse(3).success, true);
    assert.equal(schemas.count.safeParse(3.5).success, false);
    assert.deepEqual(Object.keys(schemas), ['count', 'name']);
    assert.ok('name' in schemas);
  });
});
