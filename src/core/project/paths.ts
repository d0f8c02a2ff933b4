// Paths as a project's tools resolve them: with `/`, absolute (`/w/…`, `C:/…`), `.` and `..` followed.

/** The folder of a path (`/w/a/b.tex` → `/w/a`; `/a.tex` → `/`). */
export function folderOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i > 0 ? path.slice(0, i) : i === 0 ? '/' : '';
}

/** Whether a path is absolute (from the root of a disk), as TeX, Typst and pandoc take it. */
export const isAbsolutePath = (path: string) => /^(\/|[A-Za-z]:[\\/])/.test(path);

/**
 * Resolves `path` against the folder `base` (both with `/`), as a file system would: `.` and
 * `..` are followed. An absolute path is returned as it is.
 *
 * @example resolvePath('/w/thesis/chapters', '../main.tex') === '/w/thesis/main.tex'
 */
export function resolvePath(base: string, path: string): string {
  if (isAbsolutePath(path)) return path;
  const parts = base === '/' ? [''] : base ? base.replace(/\/+$/, '').split('/') : [];
  for (const part of path.split('/')) {
    if (part === '..') {
      const last = parts[parts.length - 1];
      if (last === undefined || last === '..') parts.push('..');
      else if (last !== '' || parts.length > 1) parts.pop();
    } else if (part !== '.' && part !== '') {
      parts.push(part);
    }
  }
  return parts.join('/') || (base.startsWith('/') ? '/' : '.');
}

/**
 * How many folders apart two paths are (0: the same folder; one up or down: 1): which of
 * several main files that bring a file in is the one meant, the nearest.
 */
export function folderDistance(a: string, b: string): number {
  const x = folderOf(a).split('/');
  const y = folderOf(b).split('/');
  let common = 0;
  while (common < x.length && common < y.length && x[common] === y[common]) common++;
  return x.length - common + (y.length - common);
}

/**
 * The path from the folder `from` to `to` (both absolute, with `/`), as a file names another.
 *
 * @example relativePath('/w/thesis/chapters', '/w/thesis/main.tex') === '../main.tex'
 */
export function relativePath(from: string, to: string): string {
  const a = from.split('/').filter(Boolean);
  const b = to.split('/').filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length - 1 && a[common] === b[common]) common++;
  return [...Array(a.length - common).fill('..'), ...b.slice(common)].join('/');
}
