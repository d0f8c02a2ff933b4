// The heavy half of the extension, bundled apart (dist/engine.js) and loaded the first time
// a feature needs it: the search engine and its index format, corpus schemas (zod), user
// corpora, the topic rules and the citation formats. Activation loads only the host layer,
// which reaches all of this through host/engine.ts.
export { firstIssue } from './core/issues';
export { extendIndex, loadIndexParts } from './core/indexing';
export { PaperLibrary } from './core/library';
export { formatProblem } from './core/paper';
export { createTopicAssigner } from './core/topics';
export { mergeUserCorpora } from './core/userCorpus';
export {
  bibliographyKind, bibtexEntry, citationEdit, completionContextAt, entryFlavourFor, findBibliographies, findKeyAt,
  parseBib, planBibliographyAppend, readCitationSettings, syntaxOfLanguage, templateFor,
} from './core/cite';
export { DetailsStateSchema, WebviewMessageSchema } from './shared/protocol';
