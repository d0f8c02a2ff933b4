// Shared by the engine and the details webview, whose bundle takes nothing else of ours.
/**
 * A schema (or a record of them) that is built on its first use. Building zod's schemas was half
 * of the engine's first run, which the extension host paid when it
 * loaded the engine, before a single one was used; most are used only by some requests.
 * The schema is built whole on the first access to any of its properties (`parse`, `safeParse`,
 * or zod's own `_zod` when it sits inside another schema).
 */
export function lazySchema<T extends object>(make: () => T): T {
  let made: T | undefined;
  const schema = () => (made ??= make());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    has: (_, key) => Reflect.has(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A proxy may report a property its (empty) target lacks only as configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
