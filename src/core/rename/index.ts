// Renaming a citation key across a project (F2) and finding every citation of it (Shift+F12):
// the one place Papers changes an existing entry, and only its key, only when the writer asks.
export { entryKeyAt, findEntryKey, writtenKey, type EntryKey, type KeyedFormat } from './entryKey';
export { keyProblem } from './keys';
export { citationsOfKey, definingKey, planRename, renameRefusal, takenRefusal, type CitingFile, type DefiningFile, type FileEdit, type KeyDefinitions, type KeySpot, type RenamePlan } from './plan';
