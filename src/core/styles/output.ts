// The forms a formatted reference is given in. HTML is citeproc-js's own, kept only as far as it is
// the few tags citeproc-js writes (italics, bold, small capitals, super- and subscript, its layout
// divs, https links): anything else is written out as text, so a title holding "<script>" or a
// link to "javascript:" never becomes markup. Markdown is made from the same tokens, with the
// text escaped and only https links. Plain text is citeproc-js's text output, spaces tidied.

export type OutputForm = 'text' | 'html' | 'markdown';

type Token = { text: string } | { open: string; attributes: string } | { close: string };

const TAG = /<(\/?)([a-z]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*(\/?)>/gi;
const ENTITY = /&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00A0' };
/** Tags citeproc-js writes, with the attributes it writes on them (all others are text). */
const ALLOWED = /^(?:i|b|u|sup|sub|span(?: style="(?:font-variant:small-caps;|font-style:normal;|font-weight:normal;|font-variant:normal;|text-decoration:none;|baseline)")?|div(?: class="csl-(?:left-margin|right-inline|block|indent|entry|bib-body)")?|a href="https:\/\/[^"\s<>]*")$/;

const decode = (text: string) => text.replace(ENTITY, (_, name: string) => (name[0] === '#' ? String.fromCodePoint(name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1))) : NAMED[name.toLowerCase()]));
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** citeproc-js's HTML as tokens: its own tags, and text (entities decoded; any other tag is text). */
function tokens(html: string): Token[] {
  const out: Token[] = [];
  const open: string[] = [];
  let at = 0;
  for (const m of html.matchAll(TAG)) {
    const [whole, slash, tag, attributes] = m;
    const name = tag.toLowerCase();
    // A closing tag counts only when it closes the tag open last.
    const known = slash ? open[open.length - 1] === name : ALLOWED.test(`${name}${attributes.replace(/\s+/g, ' ')}`);
    if (!known) continue;
    if (m.index > at) out.push({ text: decode(html.slice(at, m.index)) });
    if (slash) { open.pop(); out.push({ close: name }); } else { open.push(name); out.push({ open: name, attributes: attributes.replace(/\s+/g, ' ') }); }
    at = m.index + whole.length;
  }
  if (at < html.length) out.push({ text: decode(html.slice(at)) });
  // Tags left open are closed, so that the HTML given out is balanced.
  for (const name of open.reverse()) out.push({ close: name });
  return out;
}

/** Spaces made single and the ends trimmed: a reference is one paragraph. */
const tidy = (text: string) => text.replace(/[ \t\r\n]+/g, ' ').trim();

/**
 * citeproc-js's HTML made safe: its own tags kept, everything else as escaped text.
 *
 * @example safeHtml('<i>A &#60;b&#62;</i><script>x</script>') === '<i>A &lt;b&gt;</i>&lt;script&gt;x&lt;/script&gt;'
 */
export function safeHtml(html: string): string {
  return tidy(tokens(html).map(t => ('text' in t ? escapeHtml(t.text) : 'open' in t ? `<${t.open}${t.attributes}>` : `</${t.close}>`)).join(''));
}

/** Plain text from citeproc-js's text output (or the text of its HTML). */
export function htmlToText(output: string, isText = false): string {
  if (isText) return tidy(output);
  return tidy(tokens(output).map(t => ('text' in t ? t.text : ('open' in t ? t.open : t.close) === 'div' ? ' ' : '')).join(''));
}

// Brackets are escaped, so no "(…)" after them can make a link; "(", "!" and "+" need nothing.
const MARKDOWN_SPECIAL = /[\\`*_{}[\]<>#|~&$]/g;
const HTTPS_URL = /https:\/\/[^\s<>"'`\\]+[^\s<>"'`\\.,;:)\]]/g;

/** Text for Markdown: its specials escaped, https URLs in it as autolinks. */
function markdownText(text: string): string {
  let out = '';
  let at = 0;
  for (const m of text.matchAll(HTTPS_URL)) {
    out += text.slice(at, m.index).replace(MARKDOWN_SPECIAL, c => `\\${c}`);
    out += `<${m[0]}>`;
    at = m.index + m[0].length;
  }
  return out + text.slice(at).replace(MARKDOWN_SPECIAL, c => `\\${c}`);
}

const RAISED: Record<'sup' | 'sub', Record<string, string>> = {
  sup: Object.fromEntries([...'0123456789+-=()ni'].map((c, i) => [c, '⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ'[i]])),
  sub: Object.fromEntries([...'0123456789+-=()'].map((c, i) => [c, '₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎'[i]])),
};

/**
 * A super- or subscript in the characters Unicode raises or lowers (`τ²`, `H₂O`), when it has
 * them all: Markdown has no superscript, and dropping the tag would make "τ²-Bench" "τ2-Bench".
 */
function raised(tokens: readonly Token[], at: number): string | undefined {
  const [open, text, close] = tokens.slice(at, at + 3);
  if (!open || !('open' in open) || (open.open !== 'sup' && open.open !== 'sub') || !text || !('text' in text) || !close || !('close' in close)) return undefined;
  const table = RAISED[open.open];
  const chars = [...text.text];
  return chars.length && chars.every(c => table[c]) ? chars.map(c => table[c]).join('') : undefined;
}

/**
 * Markdown made from citeproc-js's HTML: italics and bold as `*` and `**`, https links as links,
 * super- and subscripts in Unicode where it has them, every other tag dropped and all text escaped.
 *
 * @example htmlToMarkdown('Doe, J. (2020). <i>A_b</i>. https://doi.org/10.1/x') === 'Doe, J. (2020). *A\\_b*. <https://doi.org/10.1/x>'
 */
export function htmlToMarkdown(html: string): string {
  let out = '';
  const links: string[] = [];
  const all = tokens(html);
  for (let i = 0; i < all.length; i++) {
    const t = all[i];
    const script = raised(all, i);
    if (script) { out += script; i += 2; continue; }
    if ('text' in t) out += links.length ? t.text.replace(MARKDOWN_SPECIAL, c => `\\${c}`) : markdownText(t.text);
    else if ('open' in t) {
      if (t.open === 'i') out += '*';
      else if (t.open === 'b') out += '**';
      else if (t.open === 'div') out += ' ';
      else if (t.open === 'a') { links.push(/href="([^"]*)"/.exec(t.attributes)![1]); out += '['; }
    } else if (t.close === 'i') out += '*';
    else if (t.close === 'b') out += '**';
    else if (t.close === 'div') out += ' ';
    else if (t.close === 'a' && links.length) out += `](<${links.pop()}>)`;
  }
  return tidy(out);
}
