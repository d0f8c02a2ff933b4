// The files an entry attaches: its `file` field as reference managers write it. JabRef, Zotero,
// Better BibTeX and Mendeley all write `description:path:type`, several separated by `;`, with
// `\:`, `\;` and `\\` escaping those characters inside a part; Mendeley writes a backslash as
// `$\backslash$` and drops an absolute path's leading `/`; hand-written and biblatex files give a
// bare path or URL. Pure: resolving a path against the .bib's folder is the host's.

/** One file the entry attaches. */
export interface AttachedFile {
  /** As the manager wrote it, unescaped: relative to the .bib's folder, absolute, a Windows path or a URL. */
  path: string;
  /** "Full Text", "Postprint"; empty when none. */
  description: string;
  /** "PDF", "application/pdf"; empty when none. */
  type: string;
}

const UNESCAPED = (sep: string) => new RegExp(`(?<!\\\\)((?:\\\\\\\\)*)${sep}`, 'g');

/** Splits at every `sep` not escaped by a backslash (an even run of backslashes before it escapes nothing). */
function splitUnescaped(text: string, sep: ':' | ';'): string[] {
  const marked = text.replace(UNESCAPED(sep), '$1\u0000');
  return marked.split('\u0000');
}

const unescape = (text: string) => text.replace(/\$\\backslash\$/g, '\\').replace(/\\([\\:;{}])/g, '$1');

/**
 * The parts of one file between its colons, joined again where a colon belongs to the path: a
 * Windows drive (`C:\…`, Mendeley's `C$\backslash$:…`) or a URL's scheme (`https://…`).
 */
function parts(text: string): string[] {
  const raw = splitUnescaped(text, ':');
  const out: string[] = [];
  for (const part of raw) {
    const previous = out[out.length - 1];
    const drive = previous !== undefined && /^[A-Za-z]$/.test(previous) && /^(?:\\|\/|\$\\backslash\$)/.test(part);
    const scheme = previous !== undefined && /^(?:https?|ftp|file)$/i.test(previous) && part.startsWith('//');
    if (drive || scheme) out[out.length - 1] = `${previous}:${part}`;
    else out.push(part);
  }
  return out;
}

/** A MIME type or a manager's file type ("PDF", "application/pdf", "pdf"): one word, no path in it. */
const looksLikeType = (text: string) => /^[A-Za-z][\w.+-]*(?:\/[\w.+-]+)?$/.test(text) && !/\.(?:pdf|ps|djvu|epub|html?)$/i.test(text);

/**
 * The files of a `file` field, in order; empty parts are skipped.
 *
 * @example parseFileField('Full Text:files/x.pdf:application/pdf') → [{ description: 'Full Text', path: 'files/x.pdf', type: 'application/pdf' }]
 * @example parseFileField('Postprint:C\\:\\\\Users\\\\x.pdf:PDF')[0].path === 'C:\\Users\\x.pdf'
 */
export function parseFileField(value: string): AttachedFile[] {
  const files: AttachedFile[] = [];
  for (const one of splitUnescaped(value.trim(), ';')) {
    if (!one.trim()) continue;
    const p = parts(one.trim());
    let file: AttachedFile;
    if (p.length >= 3) file = { description: p[0], path: p.slice(1, -1).join(':'), type: p[p.length - 1] };
    else if (p.length === 2 && looksLikeType(p[1])) file = { description: '', path: p[0], type: p[1] };
    else file = { description: '', path: p.join(':'), type: '' };
    file = { description: unescape(file.description).trim(), path: unescape(file.path).trim(), type: unescape(file.type).trim() };
    if (file.path) files.push(file);
  }
  return files;
}

/** Whether an attached file is a PDF, by its type or, without one, its name. */
export function isPdf(file: AttachedFile): boolean {
  return /pdf/i.test(file.type) || /\.pdf$/i.test(file.path);
}

/** Whether a path is a web link rather than a file. */
export const isUrlPath = (path: string) => /^(?:https?|ftp):\/\//i.test(path);

/** Whether a path is absolute: `/…`, `~/…`, a Windows drive or a UNC path. */
export const isAbsolutePath = (path: string) => /^(?:\/|~\/|[A-Za-z]:[\\/]|\\\\)/.test(path);

/**
 * Where a relative path may be, in the order to try: beside the .bib first; Mendeley writes an
 * absolute path without its leading `/` (`home/me/x.pdf`), so that is tried next.
 * Windows separators become `/` for a path that is not a Windows one.
 *
 * @example candidatePaths({ path: 'home/me/x.pdf', type: 'pdf', description: '' }) → ['home/me/x.pdf', '/home/me/x.pdf']
 */
export function candidatePaths(file: AttachedFile): string[] {
  const path = file.path;
  if (isUrlPath(path) || isAbsolutePath(path)) return [path];
  const relative = path.replace(/\\/g, '/');
  return /^(?:home|Users|mnt|media|Volumes|opt|tmp)\//.test(relative) ? [relative, `/${relative}`] : [relative];
}
