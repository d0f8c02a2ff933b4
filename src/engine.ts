// The heavy half of the extension, bundled apart (dist/engine.js) and loaded the first time
// a feature needs it: the search engine and its index format, corpus schemas (zod), user
// corpora, the topic rules and the citation formats. Activation loads only the host layer,
// which reaches all of this through host/engine/load.ts. Started as a worker (platform/worker.*),
// the same bundle is the engine worker that holds a large library.
import { serveIfWorker } from './engine/worker';

serveIfWorker();

export { serveIfWorker } from './engine/worker';

export { firstIssue } from './core/util/issues';
export { LibraryIndex } from './core/search/libraryIndex';
export { PaperLibrary } from './core/search/library';
export { formatProblem } from './core/model/paper';
export { createTopicAssigner } from './core/corpus/topics';
export { mergeUserCorpora } from './core/corpus/userCorpus';
export { readBibliographies, bibliographyFormat, ReadCache } from './core/bibliography/read';
export { mergeBibliographies } from './core/bibliography/merge';
export {
  bibliographyKind, bibtexEntry, quartoBibliographies, citationEdit, completionContextAt, entryFlavourFor, findBibliographies, findKeyAt, citationsOfLanguage, scanDocument, keyAtIn,
  outsideEntries, parseBib, pastedEntry, planBibliographyAppend, readCitationSettings, sphinxBibliographies, syntaxOfLanguage, languageOfPath, templateFor, findCitations,
} from './core/cite';
export { checkCitations, citedKeys, findLatexMain, isLatexMain, latexRoot, nearMisses, problemSeverity, unusedEntries } from './core/health';
export { DetailsStateSchema, WebviewMessageSchema } from './shared/protocol';
export { ReferencesIntentSchema, ReferencesStateSchema } from './shared/protocol';
export { LibraryService } from './engine/service';
export { BUNDLED_STYLES, styleInForce } from './core/styles/resolve';
export { STYLE_CREDIT, styleCredit } from './core/styles/credit';
export { ResponseSchema, RESULT_SCHEMAS } from './engine/protocol';
export { LatexProjects } from './core/project/roots';
export { documentOf, structureOf } from './core/project/latex';
export { noProjectHint } from './core/health/project';
export { TypstProjects, typstReferences } from './core/project/typst';
export { projectBibliographies, projectFileCandidates } from './core/project/projectFiles';
// Papers from the web: fetched, read and cached only when the user asks (host/web reaches them here,
// so that zod and the XML reader stay out of the host's activation bundle).
export { HttpClient, PaperService, PUBLIC_URLS, WebCache, WebError, webPaperId, parsePaperId, dayText, parsePeriod, periodText, shiftPeriod } from './core/web';
