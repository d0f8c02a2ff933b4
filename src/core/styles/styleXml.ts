// A style file checked before citeproc-js reads it: citeproc-js's own XML reader (the one for hosts
// without a DOM, which a worker is) is forgiving, and a broken file ends in an error that names no
// line, or in an engine that formats nothing. Here a file that is not well-formed XML, or is XML
// but not a CSL style, gets a message with its file and line; the caller then uses the default style.
import { LineStarts } from '../util/lineStarts';
import { styleIdOf } from './resolve';

/** A style that cannot be used, with where to look. */
export class StyleError extends Error {
  constructor(readonly file: string, readonly line: number, readonly reason: string) {
    super(`${file}:${line}: ${reason}`);
    this.name = 'StyleError';
  }
}

/** What a style says about itself. */
export interface StyleInfo {
  /** The style's id (`http://www.zotero.org/styles/apa`), or the file's name when it gives none. */
  id: string;
  title: string;
  /** `numeric`, `author-date`, `note`, `author`, `label`: how it cites. */
  citationFormat?: string;
  /** The locale the style asks for (`default-locale`), if any. */
  defaultLocale?: string;
  /**
   * A dependent style's parent (`<link rel="independent-parent">`): the style whose rules it
   * takes, by its id (`http://www.zotero.org/styles/ieee`) and short id (`ieee`), and the line naming it.
   */
  parent?: { href: string; id: string; line: number };
}

const NAME = /^[A-Za-z_][\w.:-]*/;
const ATTRIBUTE = /^\s+([A-Za-z_][\w.:-]*)\s*=\s*("[^"<]*"|'[^'<]*')/;

/**
 * Checks that `xml` is a well-formed CSL style and reads its info; throws `StyleError` with the
 * line of the first problem.
 *
 * @example checkStyle('<style xmlns="http://purl.org/net/xbiblio/csl" version="1.0"><info><title>T</title></info></style>', 'my.csl').title === 'T'
 */
export function checkStyle(xml: string, file: string): StyleInfo {
  const text = xml.replace(/^\uFEFF/, '');
  const lines = new LineStarts(text);
  const lineAt = (offset: number) => lines.lineOf(offset);
  const fail = (offset: number, reason: string): never => { throw new StyleError(file, lineAt(offset), reason); };
  const stack: { name: string; at: number }[] = [];
  let root: { name: string; attributes: Map<string, string> } | undefined;
  let i = 0;
  let title: string | undefined;
  let id: string | undefined;
  let citationFormat: string | undefined;
  let parent: StyleInfo['parent'];
  while (i < text.length) {
    const open = text.indexOf('<', i);
    if (open < 0) {
      if (text.slice(i).trim() && !stack.length) fail(i, root ? 'text after the end of the style' : 'this is not XML: a CSL style starts with "<?xml" or "<style"');
      break;
    }
    const between = text.slice(i, open);
    if (!stack.length && between.trim()) fail(i, root ? 'text after the end of the style' : 'this is not XML: a CSL style starts with "<?xml" or "<style"');
    if (stack.length) {
      const last = stack[stack.length - 1].name;
      if (last === 'title' && stack[stack.length - 2]?.name === 'info') title ??= decode(between.trim());
      if (last === 'id' && stack[stack.length - 2]?.name === 'info') id ??= decode(between.trim());
    }
    if (text.startsWith('<!--', open)) {
      const end = text.indexOf('-->', open + 4);
      if (end < 0) fail(open, 'a comment "<!--" is not closed');
      i = end + 3;
      continue;
    }
    if (text.startsWith('<?', open)) {
      const end = text.indexOf('?>', open + 2);
      if (end < 0) fail(open, '"<?" is not closed with "?>"');
      i = end + 2;
      continue;
    }
    if (text.startsWith('<![CDATA[', open)) {
      const end = text.indexOf(']]>', open);
      if (end < 0) fail(open, 'a CDATA section is not closed');
      i = end + 3;
      continue;
    }
    if (text.startsWith('<!', open)) {
      const end = text.indexOf('>', open);
      if (end < 0) fail(open, '"<!" is not closed');
      i = end + 1;
      continue;
    }
    if (text[open + 1] === '/') {
      const name = NAME.exec(text.slice(open + 2))?.[0];
      const end = text.indexOf('>', open);
      if (!name || end < 0) fail(open, 'a closing tag is not complete');
      const top = stack.pop();
      if (!top) fail(open, `"</${name}>" closes nothing`);
      if (top!.name !== name) fail(open, `"</${name}>" closes "<${top!.name}>" (opened at line ${lineAt(top!.at)})`);
      i = end + 1;
      continue;
    }
    const name = NAME.exec(text.slice(open + 1))?.[0];
    if (!name) fail(open, 'a "<" that starts no tag (write "&lt;" for the character)');
    let j = open + 1 + name!.length;
    const attributes = new Map<string, string>();
    for (;;) {
      const m = ATTRIBUTE.exec(text.slice(j, j + 2000));
      if (!m) break;
      if (attributes.has(m[1])) fail(j, `attribute "${m[1]}" is given twice in <${name}>`);
      attributes.set(m[1], decode(m[2].slice(1, -1)));
      j += m[0].length;
    }
    while (/\s/.test(text[j] ?? '')) j++;
    const selfClosing = text.startsWith('/>', j);
    if (!selfClosing && text[j] !== '>') fail(j, `<${name}> is not closed properly (a quote missing around an attribute's value?)`);
    if (!root) {
      if (stack.length) fail(open, 'unexpected');
      root = { name: name!, attributes };
      if (name !== 'style') fail(open, `this is XML but not a CSL style: its root element is <${name}>, not <style>`);
      if (attributes.get('xmlns') !== 'http://purl.org/net/xbiblio/csl') fail(open, 'this is not a CSL style: <style> must have xmlns="http://purl.org/net/xbiblio/csl"');
    } else if (!stack.length) {
      fail(open, 'a second root element after </style>');
    }
    if (name === 'category' && attributes.has('citation-format')) citationFormat ??= attributes.get('citation-format');
    if (name === 'link' && attributes.get('rel') === 'independent-parent' && stack[stack.length - 1]?.name === 'info' && attributes.get('href')) {
      parent ??= { href: attributes.get('href')!, id: styleIdOf(attributes.get('href')!), line: lineAt(open) };
    }
    if (!selfClosing) stack.push({ name: name!, at: open });
    i = j + (selfClosing ? 2 : 1);
  }
  if (!root) fail(0, 'the file is empty: a CSL style is an XML file starting with <style>');
  if (stack.length) fail(stack[stack.length - 1].at, `<${stack[stack.length - 1].name}> is not closed`);
  const defaultLocale = root!.attributes.get('default-locale');
  return { id: id ?? file, title: title ?? file, ...(citationFormat ? { citationFormat } : {}), ...(defaultLocale ? { defaultLocale } : {}), ...(parent ? { parent } : {}) };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}
