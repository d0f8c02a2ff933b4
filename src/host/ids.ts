// Every id the manifest and the code share, in one place, so a rename cannot miss one.
// The manifest test checks that these and package.json agree.

export const EXTENSION_ID = 'paperslab.papers-vscode';

export const Commands = {
  searchPapers: 'papers.searchPapers',
  openPaper: 'papers.openPaper',
  insertCitation: 'papers.insertCitation',
  copyKey: 'papers.copyKey',
  copyBibtex: 'papers.copyBibtex',
  addToReadingList: 'papers.addToReadingList',
  removeFromReadingList: 'papers.removeFromReadingList',
  filterPapers: 'papers.filterPapers',
  clearFilter: 'papers.clearFilter',
  sortPapers: 'papers.sortPapers',
  groupPapers: 'papers.groupPapers',
  revealPaper: 'papers.revealPaper',
  revealTopic: 'papers.revealTopic',
  openLink: 'papers.openLink',
  showRelatedPapers: 'papers.showRelatedPapers',
  showLog: 'papers.showLog',
  reloadCorpus: 'papers.reloadCorpus',
  goToEntry: 'papers.goToEntry',
  addMissingEntries: 'papers.addMissingEntries',
  searchForKey: 'papers.searchForKey',
  showReferences: 'papers.showReferences',
  chooseCitationStyle: 'papers.chooseCitationStyle',
  addPaper: 'papers.addPaper',
  lookUpPaper: 'papers.lookUpPaper',
  removePaper: 'papers.removePaper',
  addPaperForKey: 'papers.addPaperForKey',
  showDailyPapers: 'papers.showDailyPapers',
  previousDay: 'papers.previousDay',
  nextDay: 'papers.nextDay',
  pickDay: 'papers.pickDay',
  sortDailyPapers: 'papers.sortDailyPapers',
  suggestCitations: 'papers.suggestCitations',
  recommendForReadingList: 'papers.recommendForReadingList',
  recommendLikeThese: 'papers.recommendLikeThese',
  openOnHub: 'papers.openOnHub',
  setScholarKey: 'papers.setSemanticScholarKey',
  clearScholarKey: 'papers.clearSemanticScholarKey',
  moreNeighbours: 'papers.moreNeighbours',
  refreshZotero: 'papers.refreshZotero',
  openNote: 'papers.openNote',
  openPdf: 'papers.openPdf',
} as const;

export const Views = {
  container: 'papers',
  papers: 'papers.papers',
  readingList: 'papers.readingList',
} as const;

export const DETAILS_VIEW_TYPE = 'papers.details';
export const REFERENCES_VIEW_TYPE = 'papers.references';

/** Context keys read by `when` clauses in package.json. */
export const ContextKeys = {
  /** 'loading' | 'ready' | 'failed' | 'empty' */
  state: 'papers.state',
  filterActive: 'papers.filterActive',
  /** True once some bibliography of the user's has entries. */
  hasBibliography: 'papers.hasBibliography',
} as const;

export const Settings = {
  section: 'papers',
  sortBy: 'tree.sortBy',
  groupBy: 'tree.groupBy',
  corpusFiles: 'corpus.files',
  enterAction: 'search.enterAction',
  latexCommand: 'citation.latexCommand',
  citationTemplates: 'citation.templates',
  citationStyle: 'citation.style',
  citationLocale: 'citation.locale',
  defaultBibliography: 'bibliography.defaultFile',
  updateBibliography: 'bibliography.update',
  bibliographyFiles: 'bibliography.files',
  maxBibliographySize: 'bibliography.maxFileSize',
  maxDocumentSize: 'documents.maxFileSize',
  diagnostics: 'diagnostics.enabled',
  unusedEntries: 'diagnostics.unusedEntries',
  webEnabled: 'web.enabled',
  huggingFaceUrl: 'web.huggingFaceUrl',
  arxivUrl: 'web.arxivUrl',
  crossrefUrl: 'web.crossrefUrl',
  doiUrl: 'web.doiUrl',
  semanticScholarUrl: 'web.semanticScholarUrl',
  cslStylesUrl: 'web.cslStylesUrl',
  zoteroEnabled: 'zotero.enabled',
  zoteroUrl: 'zotero.url',
  notesFolder: 'notes.folder',
  notesFileName: 'notes.fileName',
  notesTemplate: 'notes.template',
} as const;
