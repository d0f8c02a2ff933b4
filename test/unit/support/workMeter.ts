// Counting the work a reader or scanner does, not timing it: while `measureWork` runs, the String
// and RegExp methods that read characters are wrapped to add up how many characters each one
// visits (a search from where it starts to where it stops, a slice its length, a regular
// expression from its start to past its match, JSON.parse its whole text, JSON.stringify what it
// writes). A clock would be at the mercy of a busy machine; this count is the same on every run,
// so a test can ask that twice the input costs about twice the work. What it cannot see is indexing a string with brackets
// (`text[i]`), which the code under test does not use to read text (it uses charCodeAt).

let work = 0;

const originalIndexOf = String.prototype.indexOf;
const originalExec = RegExp.prototype.exec;

type Method = (this: unknown, ...args: unknown[]) => unknown;

const len = (value: unknown) => (typeof value === 'string' ? value.length : 0);
const str = (self: unknown) => String(self);

/** How many characters a call visited, from its string (`self`), arguments and result. */
const COUNTERS: Record<string, (self: string, args: unknown[], result: unknown) => number> = {
  charCodeAt: () => 1,
  codePointAt: () => 1,
  charAt: () => 1,
  at: () => 1,
  indexOf: (self, [needle, from], at) => ((at as number) < 0 ? self.length : (at as number) + len(needle)) - Math.max(0, Number(from) || 0),
  lastIndexOf: (self, [, from], at) => Math.min(self.length, from === undefined ? self.length : Number(from) + 1) - Math.max(0, at as number),
  includes: (self, [needle, from]) => {
    const start = Math.max(0, Number(from) || 0);
    const at = originalIndexOf.call(self, String(needle), start);
    return (at < 0 ? self.length : at + len(needle)) - start;
  },
  startsWith: (_self, [needle]) => len(needle),
  endsWith: (_self, [needle]) => len(needle),
  slice: (_self, _args, result) => len(result),
  substring: (_self, _args, result) => len(result),
  substr: (_self, _args, result) => len(result),
  split: self => self.length,
  trim: self => self.length,
  trimEnd: self => self.length,
  trimStart: self => self.length,
  toLowerCase: self => self.length,
  toUpperCase: self => self.length,
  normalize: self => self.length,
  localeCompare: (self, [other]) => Math.min(self.length, len(other)) + 1,
  repeat: (_self, _args, result) => len(result),
  padStart: (_self, _args, result) => len(result),
  padEnd: (_self, _args, result) => len(result),
  replace: self => self.length,
  replaceAll: self => self.length,
};

/** Runs `run` (sync or async) with the counting wrappers in place; resolves to its result and the characters visited. */
export async function measureWork<T>(run: () => T | Promise<T>): Promise<{ result: T; work: number }> {
  const restore: (() => void)[] = [];
  const wrap = (owner: object, name: string, count: (self: unknown, args: unknown[], result: unknown) => number) => {
    const original = (owner as Record<string, Method>)[name];
    (owner as Record<string, Method>)[name] = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      work += count(this, args, result);
      return result;
    };
    restore.push(() => { (owner as Record<string, Method>)[name] = original; });
  };
  for (const [name, count] of Object.entries(COUNTERS)) wrap(String.prototype, name, (self, args, result) => count(str(self), args, result));
  // Every regular expression operation (test, match, replace, split, matchAll) goes through exec,
  // which reads from lastIndex (a global or sticky one) or from the start, to past its match; a
  // sticky one that fails has looked at its start only.
  RegExp.prototype.exec = function (this: RegExp, input: string) {
    const from = this.global || this.sticky ? this.lastIndex : 0;
    const match = originalExec.call(this, input);
    work += match ? match.index + match[0].length + 1 - from : this.sticky ? 1 : len(String(input)) - from;
    return match;
  };
  restore.push(() => { RegExp.prototype.exec = originalExec; });
  wrap(JSON, 'parse', (_self, [text]) => len(text));
  // Writing JSON reads every character it writes (a cache key spelled out from a file's macros).
  wrap(JSON, 'stringify', (_self, _args, result) => len(result));
  const before = work;
  try {
    const result = await run();
    return { result, work: work - before };
  } finally {
    for (const undo of restore.reverse()) undo();
  }
}
