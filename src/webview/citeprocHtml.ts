// A formatted reference in a webview: citeproc-js's HTML (made safe by the host, core/styles/output.ts)
// built into DOM nodes here, tag by tag, for the few tags citeproc-js writes (italics, bold,
// underline, super- and subscript, small capitals and its other span styles, its layout divs);
// anything else, links included, is text. Never innerHTML: a title holding "<script>" stays text.

const TAG = /<(\/?)(i|b|u|sup|sub|span|div|a)((?:\s+[a-z-]+="[^"<>]*")*)\s*>/gi;
const ENTITY = /&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00A0' };
/** citeproc-js's span styles, as classes of the webview's stylesheet. */
const SPAN_CLASSES: Record<string, string> = {
  'font-variant:small-caps;': 'sc', 'font-style:normal;': 'upright', 'font-weight:normal;': 'light', 'font-variant:normal;': 'plain', 'text-decoration:none;': 'plain',
};
const ELEMENTS: Record<string, keyof HTMLElementTagNameMap> = { i: 'i', b: 'b', u: 'u', sup: 'sup', sub: 'sub', span: 'span', div: 'span', a: 'span' };

const decode = (text: string) => text.replace(ENTITY, (_, name: string) => (name[0] === '#' ? String.fromCodePoint(name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1))) : NAMED[name.toLowerCase()]));

/** The reference as nodes to append: elements for citeproc-js's tags, text nodes for the rest. */
export function referenceNodes(html: string): Node[] {
  const root = document.createElement('span');
  const open: HTMLElement[] = [root];
  let at = 0;
  const text = (to: number) => { if (to > at) open[open.length - 1].append(document.createTextNode(decode(html.slice(at, to)))); };
  for (const m of html.matchAll(TAG)) {
    const [whole, slash, tag, attributes] = m;
    text(m.index);
    at = m.index + whole.length;
    const name = tag.toLowerCase();
    if (slash) {
      if (open.length > 1) open.pop();
      continue;
    }
    const node = document.createElement(ELEMENTS[name]);
    const style = /style="([^"]*)"/.exec(attributes)?.[1];
    if (name === 'span' && style && SPAN_CLASSES[style]) node.className = SPAN_CLASSES[style];
    // Layout divs (a number's margin beside the reference) keep a space between their parts.
    if (name === 'div' && /csl-left-margin/.test(attributes)) node.className = 'margin';
    open[open.length - 1].append(node);
    open.push(node);
  }
  text(html.length);
  return [...root.childNodes];
}
