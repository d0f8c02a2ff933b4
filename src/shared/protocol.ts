// The one definition of every message between the extension host and the details
// webview, both directions. Each side validates what it receives with these schemas:
// anything that does not parse is logged and dropped. Imports nothing of ours outside src/shared,
// so the webview bundle stays small and cannot reach host code.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { lazySchema } from './lazySchema';

z.config(en());

const id = () => z.string().check(z.minLength(1), z.maxLength(400));

export const PaperViewSchema = lazySchema(() => z.strictObject({
  id: id(),
  key: id(),
  title: z.string(),
  abstract: z.string(),
  authorsCount: z.nullable(z.int()),
  organization: z.nullable(z.strictObject({ handle: z.string(), name: z.string() })),
  date: z.nullable(z.string()),
  upvotes: z.nullable(z.int()),
  /** Each link with what it is ("PDF", "Code", or for a link an abstract mentions, its host). */
  links: z.array(z.strictObject({ label: z.string(), url: z.string() })),
  /** The arXiv identifier, where known (a fetched or looked-up paper, an entry's eprint). */
  arxivId: z.nullable(z.string()),
  /** Added from the web and kept in the library: "Remove from Library" takes it out. */
  kept: z.boolean(),
  /** A bundled paper whose authors and arXiv id could be looked up on Hugging Face. */
  canLookUp: z.boolean(),
  topics: z.array(z.strictObject({ id: id(), label: z.string() })),
  related: z.array(z.strictObject({ id: id(), key: z.string(), title: z.string() })),
  sources: z.array(z.string()),
  starred: z.boolean(),
  /** What the user's bibliography entry says (empty or null for a corpus paper). */
  authors: z.array(z.string()),
  moreAuthors: z.boolean(),
  editors: z.array(z.string()),
  venue: z.nullable(z.string()),
  doi: z.nullable(z.string()),
  entryType: z.nullable(z.string()),
  /** Its entries in the user's bibliography files ("Go to Entry" opens one by its index). */
  entries: z.array(z.strictObject({ file: z.string(), line: z.int() })),
  /** True when Hugging Face Daily Papers lists it (the bundled corpus or a corpus file). */
  listed: z.boolean(),
  /** The writer has a note on it (papers.notes.folder): "Open Note" opens it rather than making it. */
  noted: z.boolean(),
}));

const FORMS = ['text', 'html', 'markdown'] as const;
/** A style the picker offers: '' for the one in force (the setting's), else a bundled style's id. */
const StyleChoiceSchema = lazySchema(() => z.strictObject({ id: z.string().check(z.maxLength(100)), title: z.string() }));

/**
 * The paper's reference formatted in a citation style: citeproc-js's HTML, made safe by the host
 * (only citeproc-js's own tags; the webview builds them as nodes, never as markup), or why it could not be.
 */
export const ReferenceViewSchema = lazySchema(() => z.strictObject({
  id: id(),
  style: z.string().check(z.maxLength(100)),
  styles: z.array(StyleChoiceSchema),
  html: z.string(),
  error: z.optional(z.string()),
  credit: z.string(),
}));

const NEIGHBOUR_KINDS = ['references', 'citations', 'recommended'] as const;
const count = () => z.nullable(z.int().check(z.nonnegative()));

/** A paper next to the one shown: a paper of the library (fetched ones joined it), with what the graph says of it. */
const NeighbourViewSchema = lazySchema(() => z.strictObject({
  id: id(),
  key: z.string(),
  title: z.string(),
  /** "A. Turing", "A, B and C", "A, B et al." */
  authors: z.string(),
  year: z.nullable(z.int()),
  venue: z.nullable(z.string()),
  citations: count(),
  /** The citation between the two papers is one the graph marks influential. */
  influential: z.boolean(),
  /** The writer's own paper (an entry of theirs, or a bundled one): shown with their key. */
  inLibrary: z.boolean(),
  /** Cited in the document the writer was last in. */
  cited: z.boolean(),
  /** Not cited there, but in another document of its project (one that takes its citations from the same bibliography). */
  citedInProject: z.boolean(),
}));

/** References, Cited by or Recommended: each with its own progress, error and retry. */
const NeighbourSectionSchema = lazySchema(() => z.strictObject({
  kind: z.enum(NEIGHBOUR_KINDS),
  state: z.enum(['loading', 'ready', 'error']),
  /** An error, or a note (served from the cache, offline). */
  message: z.nullable(z.string()),
  items: z.array(NeighbourViewSchema),
  /** More pages to ask for. */
  more: z.boolean(),
  /** The service refused for want of a key: offer to set one. */
  askKey: z.boolean(),
}));

const ArtefactViewSchema = lazySchema(() => z.strictObject({
  kind: z.enum(['models', 'datasets', 'spaces']), id: z.string(), url: z.string(), downloads: count(), likes: count(),
}));

/** A paper's neighbourhood, as it fills in: the whole of it each time, like the paper's snapshot. */
export const NeighbourhoodViewSchema = lazySchema(() => z.strictObject({
  id: id(),
  /** Why it has none (no id to ask by, the network turned off); null when it is asked. */
  unavailable: z.nullable(z.string()),
  /** How it was found when it has no id of its own ("Found on Semantic Scholar by its title"). */
  found: z.nullable(z.string()),
  summary: z.nullable(z.strictObject({ citations: count(), influential: count(), tldr: z.nullable(z.string()), pdf: z.nullable(z.string()) })),
  sections: z.array(NeighbourSectionSchema),
  /** The Hub's models, datasets and Spaces (papers with an arXiv id only). */
  artefacts: z.nullable(z.strictObject({ state: z.enum(['loading', 'ready', 'error']), message: z.nullable(z.string()), items: z.array(ArtefactViewSchema) })),
}));

/**
 * A Zotero item's own details, read from Zotero when the details open: its fields as Zotero names
 * them, its tags, its notes as text (never HTML), and whether it has a PDF (and one on this computer).
 */
export const ZoteroViewSchema = lazySchema(() => z.strictObject({
  id: id(),
  state: z.enum(['loading', 'ready', 'error']),
  /** Why it could not be read. */
  message: z.nullable(z.string()),
  fields: z.array(z.strictObject({ label: z.string(), value: z.string() })),
  tags: z.array(z.string()),
  notes: z.array(z.string()),
  /** Its PDF attachment: its title, and whether its file is on this computer (Open PDF in VS Code). */
  pdf: z.nullable(z.strictObject({ title: z.string(), local: z.boolean() })),
}));

/** What the Zotero section's buttons ask: the PDF in Zotero, the PDF in VS Code, the item in Zotero, or reading it again. */
const ZOTERO_ACTIONS = ['openPdf', 'openPdfHere', 'showInZotero', 'retry'] as const;

/** Host → webview: always a whole snapshot, so the webview keeps no state of its own. */
export const HostMessageSchema = lazySchema(() => z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('paper'), paper: PaperViewSchema }),
  z.strictObject({ type: z.literal('reference'), reference: ReferenceViewSchema }),
  z.strictObject({ type: z.literal('neighbourhood'), neighbourhood: NeighbourhoodViewSchema }),
  z.strictObject({ type: z.literal('zotero'), zotero: ZoteroViewSchema }),
]));

/** Webview → host: intents. Ids name the paper or topic the user acted on. */
export const WebviewMessageSchema = lazySchema(() => z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({ type: z.literal('openPaper'), id: id() }),
  z.strictObject({ type: z.literal('revealTopic'), topicId: id() }),
  z.strictObject({ type: z.literal('openLink'), url: z.string().check(z.maxLength(2000)) }),
  z.strictObject({ type: z.literal('insertCitation'), id: id() }),
  z.strictObject({ type: z.literal('copyKey'), id: id() }),
  z.strictObject({ type: z.literal('copyBibtex'), id: id() }),
  z.strictObject({ type: z.literal('toggleStar'), id: id() }),
  z.strictObject({ type: z.literal('lookUp'), id: id() }),
  z.strictObject({ type: z.literal('removePaper'), id: id() }),
  z.strictObject({ type: z.literal('goToEntry'), id: id(), index: z.int().check(z.nonnegative(), z.lte(1000)) }),
  z.strictObject({ type: z.literal('pickStyle'), style: z.string().check(z.maxLength(100)) }),
  z.strictObject({ type: z.literal('copyReference'), id: id(), form: z.enum(FORMS) }),
  z.strictObject({ type: z.literal('moreNeighbours'), id: id(), kind: z.enum(NEIGHBOUR_KINDS) }),
  z.strictObject({ type: z.literal('retryNeighbours'), id: id(), kind: z.enum(NEIGHBOUR_KINDS) }),
  z.strictObject({ type: z.literal('keepPaper'), id: id() }),
  z.strictObject({ type: z.literal('setScholarKey') }),
  z.strictObject({ type: z.literal('openNote'), id: id() }),
  z.strictObject({ type: z.literal('openPdf'), id: id() }),
  z.strictObject({ type: z.literal('zotero'), id: id(), action: z.enum(ZOTERO_ACTIONS) }),
]));

/** What the webview keeps across reloads (vscode.setState), read back by the serializer. */
export const DetailsStateSchema = lazySchema(() => z.strictObject({ paperId: id() }));

export type PaperView = z.infer<typeof PaperViewSchema>;
export type ReferenceView = z.infer<typeof ReferenceViewSchema>;
export type NeighbourhoodView = z.infer<typeof NeighbourhoodViewSchema>;
export type NeighbourView = z.infer<typeof NeighbourViewSchema>;
export type NeighbourKind = (typeof NEIGHBOUR_KINDS)[number];
export type ZoteroView = z.infer<typeof ZoteroViewSchema>;
export type ZoteroAction = (typeof ZOTERO_ACTIONS)[number];
export type HostMessage = z.infer<typeof HostMessageSchema>;
export type WebviewMessage = z.infer<typeof WebviewMessageSchema>;
export type DetailsState = z.infer<typeof DetailsStateSchema>;

/** One formatted entry or citation of the references view: citeproc-js's HTML, made safe by the host (built as nodes in the view). */
const FormattedViewSchema = lazySchema(() => z.strictObject({ key: z.string(), html: z.string(), error: z.optional(z.string()) }));

/** The references view's snapshot: a document's bibliography in its style's order, and its citations. */
export const ReferencesViewSchema = lazySchema(() => z.strictObject({
  uri: z.string(),
  document: z.string(),
  style: z.string(),
  entries: z.array(FormattedViewSchema),
  citations: z.array(FormattedViewSchema),
  /** Keys cited that no paper has. */
  missing: z.array(z.string()),
  credit: z.string(),
}));

/** Host → references view: the whole snapshot, or how far a long bibliography is (0 to 1). */
export const ReferencesMessageSchema = lazySchema(() => z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('references'), view: ReferencesViewSchema }),
  z.strictObject({ type: z.literal('progress'), fraction: z.number() }),
]));

/** References view → host: intents. */
export const ReferencesIntentSchema = lazySchema(() => z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({ type: z.literal('goToEntry'), key: id() }),
  z.strictObject({ type: z.literal('copyAll'), form: z.enum(FORMS) }),
]));

/** What the references view keeps across reloads: the document it shows. */
export const ReferencesStateSchema = lazySchema(() => z.strictObject({ uri: z.string().check(z.maxLength(2000)) }));

export type ReferencesView = z.infer<typeof ReferencesViewSchema>;
export type ReferencesMessage = z.infer<typeof ReferencesMessageSchema>;
export type ReferencesIntent = z.infer<typeof ReferencesIntentSchema>;
