// Zotero's library (its local API on the desktop): what the host (src/host/zotero) and the engine
// worker use. Pure, like all of core.
export { ZoteroItemSchema, ZoteroItemsSchema, ZoteroVersionsSchema, groupOf, isPaperItem, itemKey, libraryPath, zoteroItemRef, zoteroPaper, zoteroPaperId, zoteroReference, zoteroSelectUri, type ZoteroItem } from './item';
export { joinZotero, type ZoteroInput, type ZoteroJoin } from './join';
export { collectionCount, collectionTree, ZoteroCollectionsSchema, ZoteroGroupsSchema, type Collection, type CollectionTree, type ZoteroCollection, type ZoteroGroup } from './collections';
export { itemRefOfPaperId } from './ref';
export { applyZoteroChange, ZOTERO_CHUNK } from './change';
export { BBT_PATH, BbtError, citationKeysRequest, exportedEntry, exportRequest, readCitationKeys, readExport, type BbtFlavour, type BbtRequest, type ExportedEntry } from './betterBibtex';
export { isZoteroItemKey, noteText, pickPdf, zoteroDetails, zoteroOpenPdfUri, ZoteroChildrenSchema, type ZoteroChild, type ZoteroItemDetails, type ZoteroPdf } from './details';
