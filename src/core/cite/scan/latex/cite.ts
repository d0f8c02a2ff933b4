// The cite commands of biblatex and natbib, and how each reads its arguments: `[pre][post]{keys}`,
// a multicite's `(pre)(post)` and repeated groups, a volume citation's `{volume}[page]{key}`.
import type { Citation, CitedKey, KeyList } from '../citation';
import { BACKSLASH, CR, isAsciiLetter, LBRACE, LBRACKET, LF, LPAREN, RBRACE, scanned, STAR } from '../text';
import { texKeys, texSkip, type TexGroups } from './tex';

/** biblatex's multicite commands: `(pre)(post)` then `[pre][post]{keys}` repeated. */
const LATEX_MULTI = new Set(['cites', 'Cites', 'parencites', 'Parencites', 'footcites', 'Footcites', 'footcitetexts', 'Footcitetexts',
  'smartcites', 'Smartcites', 'textcites', 'Textcites', 'supercites', 'autocites', 'Autocites']);
/** biblatex's volume citations: `[pre]{volume}[page]{key}`. */
const LATEX_VOL = new Set(['volcite', 'Volcite', 'pvolcite', 'Pvolcite', 'fvolcite', 'Fvolcite', 'ftvolcite', 'Ftvolcite',
  'svolcite', 'Svolcite', 'tvolcite', 'Tvolcite', 'avolcite', 'Avolcite']);
const LATEX_MULTIVOL = new Set([...LATEX_VOL].map(name => `${name}s`));
/** The cite commands of biblatex (with natbib=true) and natbib: `\cmd*[pre][post]{keys}`. */
const LATEX_CITE = new Set(['cite', 'Cite', 'parencite', 'Parencite', 'footcite', 'Footcite', 'footcitetext', 'Footcitetext',
  'textcite', 'Textcite', 'smartcite', 'Smartcite', 'autocite', 'Autocite', 'supercite', 'citeauthor', 'Citeauthor',
  'citetitle', 'Citetitle', 'citeyear', 'citedate', 'citeurl', 'fullcite', 'footfullcite', 'notecite', 'Notecite',
  'pnotecite', 'Pnotecite', 'fnotecite', 'Fnotecite', 'citename', 'citelist', 'citefield', 'citet', 'Citet', 'citep',
  'Citep', 'citealt', 'Citealt', 'citealp', 'Citealp', 'citeyearpar', 'citefullauthor', 'Citefullauthor', 'citenum',
  'citetalias', 'citepalias']);
/**
 * Commands whose name has "cite" in it but that take no keys: natbib's `\citetext{…}`, styles,
 * settings, switches and definitions. Any other `\…cite…` command (`\citeA`, `\shortcite`, a
 * user's `\mycite`) is read like `\cite`.
 */
const NOT_A_CITE = /^(?:[cC]ite(?:text|style|setup|reset|punct|left|right|form|numfont|dash|sep|delim|pagesep|yeardelim|namedelim|alias(?:font)?)|(?:[Dd]eclare|[Dd]efine|def|new|renew|[Pp]rovide|[Uu]ndeclare|bib|Bib|set|Set|if|show)[A-Za-z]*)$|(?:true|false)$/;

export type LatexShape = 'cite' | 'multi' | 'vol' | 'multivol' | 'nocite';

export function latexShape(name: string): LatexShape | undefined {
  if (name === 'nocite') return 'nocite';
  if (LATEX_CITE.has(name)) return 'cite';
  if (LATEX_MULTI.has(name)) return 'multi';
  if (LATEX_VOL.has(name)) return 'vol';
  if (LATEX_MULTIVOL.has(name)) return 'multivol';
  return /[cC]ite/.test(name) && !NOT_A_CITE.test(name) ? 'cite' : undefined;
}


interface TexList extends KeyList {
  /** The index just past the list's `}` (or, unclosed, the end of its line). */
  end: number;
  closed: boolean;
}

/**
 * One group of a cite command from `i` (its first token): `[pre][post]{keys}` with up to
 * `optional` bracketed arguments, or with `volume`, `[pre]{volume}[page]{keys}` (a volume is
 * one token or a braced group). A list still being typed, not closed, runs to the end of its
 * line if nothing on that line could close it.
 */
function texKeyList(text: string, groups: TexGroups, i: number, optional: number, volume: boolean): TexList | undefined {
  const skipOptional = () => {
    const e = groups.end(i);
    if (e < 0) return false;
    i = texSkip(text, e);
    return i >= 0;
  };
  if (volume) {
    if (text.charCodeAt(i) === LBRACKET && !skipOptional()) return undefined;
    const c = text.charCodeAt(i);
    let next: number;
    if (c === LBRACE) next = groups.end(i);
    else if (c === BACKSLASH) {
      next = i + 1;
      if (isAsciiLetter(text.charCodeAt(next))) while (isAsciiLetter(text.charCodeAt(next))) next++;
      else next++;
    } else next = i < text.length && c !== RBRACE ? i + 1 : -1;
    if (next < 0) return undefined;
    i = texSkip(text, next);
    if (i < 0) return undefined;
    if (text.charCodeAt(i) === LBRACKET && !skipOptional()) return undefined;
  } else {
    for (let n = 0; n < optional && text.charCodeAt(i) === LBRACKET; n++) if (!skipOptional()) return undefined;
  }
  if (text.charCodeAt(i) !== LBRACE) return undefined;
  const e = groups.end(i);
  if (e >= 0) return { listStart: i + 1, listEnd: e - 1, end: e, closed: true };
  let end = i + 1;
  for (; end < text.length; end++) {
    const c = text.charCodeAt(end);
    if (c === LF) break;
    if (c === LBRACE || c === RBRACE || c === BACKSLASH) return undefined;
  }
  scanned.chars += end - i;
  if (text.charCodeAt(end - 1) === CR) end--;
  return { listStart: i + 1, listEnd: end, end, closed: false };
}

/** The citation of the cite command `\name` at `at` (its name ends at `nameEnd`), if its arguments are there. */
export function texCitation(text: string, groups: TexGroups, at: number, nameEnd: number, shape: LatexShape): Citation | undefined {
  let i = texSkip(text, nameEnd);
  if (i < 0) return undefined;
  // \@ifstar, like \@ifnextchar, skips blanks before the star.
  if (shape !== 'nocite' && text.charCodeAt(i) === STAR) i = texSkip(text, i + 1);
  if (i < 0) return undefined;
  const lists: TexList[] = [];
  if (shape === 'multi' || shape === 'multivol') {
    for (let n = 0; n < 2 && text.charCodeAt(i) === LPAREN; n++) {
      const e = groups.end(i);
      if (e < 0) return undefined;
      i = texSkip(text, e);
      if (i < 0) return undefined;
    }
    // biblatex takes every `[` or `{` that follows as one more group (blanks and one line break between).
    for (;;) {
      const c = text.charCodeAt(i);
      if (c !== LBRACKET && c !== LBRACE) break;
      const list = texKeyList(text, groups, i, 2, shape === 'multivol');
      if (!list) break;
      lists.push(list);
      if (!list.closed) break;
      i = texSkip(text, list.end);
      if (i < 0) break;
    }
  } else {
    const list = texKeyList(text, groups, i, shape === 'nocite' ? 0 : 2, shape === 'vol');
    if (list) lists.push(list);
  }
  if (!lists.length) return undefined;
  const keys: CitedKey[] = [];
  let all = false;
  for (const list of lists) if (texKeys(text, list.listStart, list.listEnd, keys)) all = true;
  const last = lists[lists.length - 1];
  // A key joins the last list; the lists before it count as inside too, unless the last one is
  // still empty (then a key goes into it, not after a "}{").
  const blankLast = !text.slice(last.listStart, last.listEnd).trim();
  const citation: Citation = {
    syntax: 'latex', start: at, end: last.end, listStart: blankLast ? last.listStart : lists[0].listStart, listEnd: last.listEnd,
    keys, bracketed: true,
  };
  if (lists.length > 1) citation.lists = lists.map(l => ({ listStart: l.listStart, listEnd: l.listEnd }));
  if (all) citation.all = true;
  return citation;
}

