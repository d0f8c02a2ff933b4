/**
 * True when two JSON values are equal: same primitives, arrays equal item by item, objects
 * with the same keys (in any order) and equal values. What `JSON.parse` can return is all it
 * needs to handle; it does not use Node's `util`, so the core also runs in a browser worker.
 *
 * @example sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }) === true
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every(k => Object.hasOwn(right, k) && sameJson(left[k], right[k]));
}
