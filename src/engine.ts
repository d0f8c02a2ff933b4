// The heavy half of the extension, bundled apart (dist/engine.js) and loaded the first time
// a feature needs it: the search engine and its index format, corpus schemas (zod), user
// corpora, the topic rules and the citation formats. Activation loads only the host layer,
// which reaches all of this through host/engine/load.ts, a namespace per part of core
// (`engine().cite.templateFor`), so that a reader can follow a call from the host into core.
// Started as a worker (platform/worker.*), the same bundle is the engine worker that holds a large library.
import { serveIfWorker } from './engine/serve';
import { LibraryService } from './engine/service';
import { formatProblem } from './core/model/paper';
import { bibliographyFormat } from './core/bibliography/read';
import { bibliographyKind, bibtexEntry, citationText, citationEdit, completionContextAt, entryFlavourFor, findBibliographies, findCitations, keyAtIn, outsideEntries, parseBib, pastedEntry, planBibliographyAppend, quartoBibliographies, readCitationSettings, scanDocument, syntaxOfLanguage, templateFor } from './core/cite';
import { checkCitations, citedKeys, isLatexMain, nearMisses, problemSeverity, unusedEntries } from './core/health';
import { noProjectHint } from './core/health/project';
import { LatexProjects } from './core/project/roots';
import { documentOf, structureOf } from './core/project/latex';
import { TypstProjects, typstReferences } from './core/project/typst';
import { projectBibliographies, projectFileCandidates } from './core/project/projectFiles';
import { BUNDLED_STYLES, parentToFind, styleInForce } from './core/styles/resolve';
import { styleCredit } from './core/styles/credit';
import { CSL_STYLES_URL, fetchStyleXml, readStyleList, repositoryStyleUrl, styleFinder } from './core/styles/repository';
import { DetailsStateSchema, ReferencesIntentSchema, ReferencesStateSchema, WebviewMessageSchema } from './shared/protocol';
import { ResponseSchema, RESULT_SCHEMAS } from './engine/protocol';
import { groupOf, ZoteroItemsSchema, ZoteroVersionsSchema, zoteroItemRef, zoteroSelectUri } from './core/zotero/item';
import { collectionCount, collectionTree, ZoteroCollectionsSchema, ZoteroGroupsSchema } from './core/zotero/collections';
import { BBT_PATH, citationKeysRequest, exportedEntry, exportRequest, readCitationKeys, readExport } from './core/zotero/betterBibtex';
import { zoteroDetails, zoteroOpenPdfUri, ZoteroChildrenSchema } from './core/zotero/details';
import { itemRefOfPaperId } from './core/zotero/ref';
import { candidatePaths, isPdf, isUrlPath, parseFileField } from './core/bibliography/files';
import { arxivIdOf, DEFAULT_NOTE_TEMPLATE, fillTemplate, folderParts, keyOfNote, noteSettingsProblem, notePath, notesMatching, noteValues, noteWords, unknownFields } from './core/notes/note';
import { languageOfPath } from './core/cite/languages';
import { parseQuery } from './core/search/query';
import { citationsOfKey, entryKeyAt, findEntryKey, planRename, renameRefusal, takenRefusal } from './core/rename';
import { dayText, HttpClient, idsOfWork, namesOf, NeighbourService, PaperService, parsePaperId, parsePeriod, periodText, PUBLIC_SCHOLAR_URL, PUBLIC_URLS, scholarIdOfWork, shiftPeriod, workOfPaper, suggestionsAt, WebCache, WebError, webPaperId } from './core/web';

serveIfWorker();

export { serveIfWorker };

/** The library service the host runs for the bundled papers (the worker runs its own), and a problem's line. */
export const library = { LibraryService, formatProblem };

/** The writer's bibliography files: their formats, the .bib reader, a paper's entry. */
export const bibliography = { bibliographyFormat, bibtexEntry, parseBib, outsideEntries };

/** Citing: the languages, what a document names and cites, the citation at the cursor, joining and appending. */
export const cite = { citationText, languageOfPath, bibliographyKind, quartoBibliographies, citationEdit, completionContextAt, entryFlavourFor, findBibliographies, scanDocument, keyAtIn, pastedEntry, planBibliographyAppend, readCitationSettings, syntaxOfLanguage, templateFor, findCitations };

/** Renaming a key in every citation and its entry; every citation of a key. */
export const rename = { citationsOfKey, entryKeyAt, findEntryKey, planRename, renameRefusal, takenRefusal };

/** The checks of citations, unused entries and near misses. */
export const health = { checkCitations, citedKeys, nearMisses, problemSeverity, unusedEntries, noProjectHint, isLatexMain };

/** Projects of many files: LaTeX and Typst projects, the project files of the others. */
export const project = { LatexProjects, documentOf, structureOf, TypstProjects, typstReferences, projectBibliographies, projectFileCandidates };

/** Formatted references: the bundled styles, the style in force, the credit, the CSL repository's styles by name. */
export const styles = { BUNDLED_STYLES, styleInForce, styleCredit, parentToFind, readStyleList, styleFinder, repositoryStyleUrl, CSL_STYLES_URL, fetchStyleXml };

/** The zod schemas of the messages that cross into the host (the webviews, the engine worker). */
export const protocol = { DetailsStateSchema, WebviewMessageSchema, ReferencesIntentSchema, ReferencesStateSchema, ResponseSchema, RESULT_SCHEMAS };

/** Papers from the web: fetched, read and cached only when the user asks (zod and the XML reader stay out of the host's activation bundle). */
export const web = { HttpClient, PaperService, PUBLIC_URLS, WebCache, WebError, webPaperId, parsePaperId, dayText, parsePeriod, periodText, shiftPeriod, NeighbourService, PUBLIC_SCHOLAR_URL, suggestionsAt, namesOf, idsOfWork, scholarIdOfWork, workOfPaper };

/** The Zotero library: its answers read with zod (in the engine bundle, as the web's are). */
export const zotero = { ZoteroItemsSchema, ZoteroVersionsSchema, ZoteroCollectionsSchema, ZoteroGroupsSchema, collectionTree, collectionCount, ZoteroChildrenSchema, zoteroDetails, itemRefOfPaperId, zoteroOpenPdfUri, zoteroSelectUri, zoteroItemRef, groupOf };

/** Better BibTeX's JSON-RPC beside Zotero's local API: its requests and the readers of its answers. */
export const betterBibtex = { BBT_PATH, citationKeysRequest, exportRequest, readCitationKeys, readExport, exportedEntry };

/** A note per paper (its path, its template) and the files an entry attaches (its `file` field). */
export const notes = {
  arxivIdOf, DEFAULT_NOTE_TEMPLATE, fillTemplate, folderParts, keyOfNote, noteSettingsProblem, notePath, notesMatching, noteValues, noteWords, unknownFields, parseQuery,
  parseFileField, isPdf, isUrlPath, candidatePaths,
};
