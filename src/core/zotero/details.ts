// What the details view shows of a Zotero item: its fields as Zotero names them, its tags, its
// child notes as plain text (Zotero keeps notes as HTML: they are read here into text, never shown
// as markup) and the PDF attachment Open PDF opens. The children come from
// `/api/users/0/items/{key}/children` (`/api/groups/ID/…` for a group's), asked when the details open.
import * as z from '../util/zod';
import { libraryPath, type ZoteroItem } from './item';

/** Zotero's item keys: eight capitals and digits. A zotero:// URI is only ever made of one of these. */
const ITEM_KEY = /^[A-Z0-9]{8}$/;

export const isZoteroItemKey = (key: string): boolean => ITEM_KEY.test(key);

/**
 * What Zotero opens for an attachment: its PDF in Zotero's reader (of the group's library for a
 * group's item). Undefined for what is not an item key.
 *
 * @example zoteroOpenPdfUri('TM8QRS36') === 'zotero://open-pdf/library/items/TM8QRS36'
 */
export const zoteroOpenPdfUri = (attachmentKey: string, group?: number): string | undefined =>
  (isZoteroItemKey(attachmentKey) ? `zotero://open-pdf/${libraryPath(group)}/items/${attachmentKey}` : undefined);

const LinkSchema = z.lazySchema(() => z.object({ href: z.string(), type: z.optional(z.string()) }));

/** A child of an item (a note, an attachment, an annotation): the fields read here; the rest is dropped. */
const ZoteroChildSchema = z.lazySchema(() => z.object({
  key: z.string().check(z.regex(ITEM_KEY, 'an item key is 8 capitals and digits')),
  /** `enclosure`: the attachment's file (the local API gives a file: URL for a stored file). */
  links: z.optional(z.looseObject({ enclosure: z.optional(LinkSchema) })),
  data: z.looseObject({
    itemType: z.string(),
    title: z.optional(z.string()),
    note: z.optional(z.string()),
    contentType: z.optional(z.string()),
    linkMode: z.optional(z.string()),
    path: z.optional(z.string()),
  }),
}));

/** `/items/{key}/children`. */
export const ZoteroChildrenSchema = z.lazySchema(() => z.array(ZoteroChildSchema));

export type ZoteroChild = z.infer<typeof ZoteroChildSchema>;

/** The PDF Open PDF opens: the attachment's key, its title, and its file when Zotero says where it is. */
export interface ZoteroPdf {
  key: string;
  title: string;
  /** A `file:` URL (the enclosure of a stored file), or an absolute path (a linked file). */
  file?: { url: string } | { path: string };
}

/** Attachments Zotero keeps a file of come before links to a page that serves one. */
const LINK_ORDER = ['imported_file', 'imported_url', 'linked_file'];

/**
 * The PDF among an item's children: an attachment whose content type is PDF, a stored or linked
 * file before a link to the web; the first of those as Zotero lists them. Undefined when there is none.
 *
 * @example pickPdf(children)?.key === 'TM8QRS36'
 */
export function pickPdf(children: readonly ZoteroChild[]): ZoteroPdf | undefined {
  const pdfs = children.filter(c => c.data.itemType === 'attachment' && c.data.contentType?.toLowerCase() === 'application/pdf');
  const rank = (c: ZoteroChild) => { const at = LINK_ORDER.indexOf(c.data.linkMode ?? ''); return at < 0 ? LINK_ORDER.length : at; };
  const [best] = pdfs.map((c, i) => ({ c, i })).sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i);
  if (!best) return undefined;
  const { c } = best;
  const pdf: ZoteroPdf = { key: c.key, title: c.data.title?.trim() || 'PDF' };
  const href = c.links?.enclosure?.href;
  if (href && /^file:\/\//i.test(href)) pdf.file = { url: href };
  // A linked file names its path; one relative to Zotero's base directory ("attachments:…") cannot be found from here.
  else if (c.data.linkMode === 'linked_file' && c.data.path && /^(?:\/|[A-Za-z]:[\\/]|\\\\)/.test(c.data.path)) pdf.file = { path: c.data.path };
  return pdf;
}

/** The entities Zotero's note editor writes by name (it writes every other character as itself). */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Tags that end a line of text when they open or close. */
const BLOCKS = /^(?:p|div|h[1-6]|li|ul|ol|blockquote|pre|tr|table|hr|dt|dd)$/;

/**
 * A Zotero note (HTML, as Zotero's editor writes it) as plain text: paragraphs and headings on
 * lines of their own, list items as "• …", entities decoded, every tag dropped, what scripts and
 * styles hold dropped with them. Never markup: the details view shows it as text.
 *
 * @example noteText('<div><h1>Reading</h1><p>Holmes &amp; <b>Watson</b></p><ul><li>one</li></ul></div>') === 'Reading\nHolmes & Watson\n• one'
 */
export function noteText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s+/g, ' ')
    .replace(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi, (_, slash: string, tag: string) => {
      const name = tag.toLowerCase();
      if (name === 'br') return '\n';
      if (name === 'li' && !slash) return '\n• ';
      return BLOCKS.test(name) ? '\n' : '';
    })
    .split('\n')
    .map(line => decodeEntities(line).replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** A field as the details view shows it. */
export interface ZoteroField {
  label: string;
  value: string;
}

/** What the details view shows of an item beside its paper. */
export interface ZoteroItemDetails {
  fields: ZoteroField[];
  tags: string[];
  /** Each child note, as text. */
  notes: string[];
  pdf: ZoteroPdf | undefined;
}

/** Fields the view shows elsewhere (title, abstract), or that are Zotero's bookkeeping. */
const NOT_SHOWN = new Set(['key', 'version', 'itemType', 'title', 'creators', 'abstractNote', 'tags', 'collections', 'relations', 'dateAdded', 'dateModified', 'parentItem', 'citationKey']);

/** Zotero's labels where splitting the field's name does not give them. */
const LABELS: Record<string, string> = { publicationTitle: 'Publication', url: 'URL', numPages: '# of Pages' };

/** Item types whose name does not split into Zotero's label. */
const TYPE_LABELS: Record<string, string> = { webpage: 'Web Page', tvBroadcast: 'TV Broadcast' };

/** `journalArticle` → "Journal Article", `seriesNumber` → "Series Number". */
const words = (name: string): string => name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, c => c.toUpperCase());

/** The item's creators by role, in the order Zotero lists them: "Author", "Contributors"… */
function creatorFields(item: ZoteroItem): ZoteroField[] {
  const byRole = new Map<string, string[]>();
  for (const creator of item.data.creators ?? []) {
    const name = creator.name?.trim() || [creator.firstName?.trim(), creator.lastName?.trim()].filter(Boolean).join(' ');
    if (!name) continue;
    const role = creator.creatorType ?? 'author';
    byRole.set(role, [...byRole.get(role) ?? [], name]);
  }
  return [...byRole].map(([role, names]) => ({ label: `${words(role)}${names.length > 1 ? 's' : ''}`, value: names.join('; ') }));
}

/**
 * What the details view shows of an item: its type, creators, date and every other field it fills
 * (the others in Zotero's order), its tags, its notes as text and its PDF, from the item and its children.
 *
 * @example zoteroDetails(item, children).tags[0] === 'Analysis'
 */
export function zoteroDetails(item: ZoteroItem, children: readonly ZoteroChild[]): ZoteroItemDetails {
  const fields: ZoteroField[] = [{ label: 'Item Type', value: TYPE_LABELS[item.data.itemType] ?? words(item.data.itemType) }, ...creatorFields(item)];
  for (const [name, value] of Object.entries(item.data)) {
    if (NOT_SHOWN.has(name) || typeof value !== 'string') continue;
    const text = value.trim();
    if (text) fields.push({ label: LABELS[name] ?? words(name), value: text });
  }
  const listed = item.data.tags;
  const tags = (Array.isArray(listed) ? listed as unknown[] : [])
    .map(t => (typeof t === 'object' && t !== null && typeof (t as { tag?: unknown }).tag === 'string' ? (t as { tag: string }).tag.trim() : ''))
    .filter(Boolean);
  const notes = children.filter(c => c.data.itemType === 'note' && c.data.note).map(c => noteText(c.data.note!)).filter(Boolean);
  return { fields, tags, notes, pdf: pickPdf(children) };
}
