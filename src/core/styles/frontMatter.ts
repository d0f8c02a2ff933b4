// The edit that sets `csl:` in a document's YAML front matter (Papers: Choose Citation Style…):
// the line replaced where there is one, else added at the end of the front matter, else a front
// matter made for it. Only that line changes; the document's own line ends are kept.

/** Replace `text.slice(start, end)` with `insert`. */
export interface TextEdit {
  start: number;
  end: number;
  insert: string;
}

/**
 * The edit that makes a document's front matter name `value` as its `csl:`.
 *
 * @example cslEdit('---\ntitle: T\n---\n', 'ieee') → { start: 11, end: 11, insert: '\ncsl: ieee' }
 */
export function cslEdit(text: string, value: string): TextEdit {
  const eol = /\r\n/.test(text) ? '\r\n' : '\n';
  // A plain scalar where YAML reads it as one; anything else quoted.
  const line = `csl: ${/^[\w./-]+$/.test(value) ? value : JSON.stringify(value)}`;
  const open = /^\uFEFF?---[ \t]*\r?\n/.exec(text);
  if (open) {
    // An empty front matter: its closing line comes at once.
    if (/^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.test(text.slice(open[0].length))) return { start: open[0].length, end: open[0].length, insert: `${line}${eol}` };
    const body = /^([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text.slice(open[0].length));
    if (body) {
      const start = open[0].length;
      const own = /^csl[ \t]*:.*$/m.exec(body[1]);
      if (own) return { start: start + own.index, end: start + own.index + own[0].length, insert: line };
      const end = start + body[1].length;
      return { start: end, end, insert: `${eol}${line}` };
    }
  }
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  return { start: bom, end: bom, insert: `---${eol}${line}${eol}---${eol}${eol}` };
}
