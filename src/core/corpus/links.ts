// Abstracts on the pages carry URLs with debris around them: LaTeX (\url{...},
// \href{a}{b} flattened to "a{b}"), sentence punctuation, brackets, and sometimes no scheme.

const WITH_SCHEME = /https?:\/\/[^\s<>"]+/gi;
// Bare hosts such as "robovlms.github.io" or "github.com/user/repo": only well-known
// endings, so that "GPT-4.1", "e.g." or "w.r.t." never become links.
// The ending must be lower case: "TaskMatrix.AI" is a name, not a host.
const BARE_HOST = /(?<![\w@/.-])(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+(?:github\.io|com|org|net|io|ai|dev|edu|info|me)(?![\w-])(?:\/[^\s<>"]*)?/g;
const TRAILING = /[.,;:!?'"`*]+$/;

function balanced(url: string, open: string, close: string): boolean {
  return url.split(open).length >= url.split(close).length;
}

/** Strips what the page left around a URL, or returns null when nothing usable is left. */
function clean(raw: string): string | null {
  let url = raw.split(/[{}\\]/)[0];      // "a{b}" from \href, "\url{a}" leaves "a}"
  for (;;) {
    const before = url;
    url = url.replace(TRAILING, '');
    if (url.endsWith(')') && !balanced(url, '(', ')')) url = url.slice(0, -1);
    if (url.endsWith(']') && !balanced(url, '[', ']')) url = url.slice(0, -1);
    if (url === before) break;
  }
  if (!/^https?:\/\//i.test(url)) url = `https://${url}`;
  const host = /^https?:\/\/([^/?#]+)/i.exec(url)?.[1] ?? '';
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?$/i.test(host) ? url : null;
}

/**
 * Every URL an abstract mentions, cleaned, with `https://` added where the page
 * left the scheme off, in order of appearance and without repeats.
 *
 * @example extractLinks('Code: \\url{https://github.com/a/b}.') → ['https://github.com/a/b']
 */
export function extractLinks(text: string): string[] {
  const found: { at: number; url: string }[] = [];
  const taken: [number, number][] = [];
  for (const m of text.matchAll(WITH_SCHEME)) {
    found.push({ at: m.index, url: m[0] });
    taken.push([m.index, m.index + m[0].length]);
  }
  for (const m of text.matchAll(BARE_HOST)) {
    if (taken.some(([a, b]) => m.index >= a && m.index < b)) continue;
    found.push({ at: m.index, url: m[0] });
  }
  const links: string[] = [];
  for (const { url } of found.sort((a, b) => a.at - b.at)) {
    const cleaned = clean(url);
    if (cleaned && !links.includes(cleaned)) links.push(cleaned);
  }
  return links;
}

/** True for a link to a code repository on GitHub (`has:code` in search). */
export function isCodeLink(url: string): boolean {
  return /^https?:\/\/(www\.)?github\.com\/[^/]+\/[^/]+/i.test(url);
}

/** True for an http(s) URL: the only links Papers ever opens (never file:, command: or javascript:). */
export function isWebLink(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
