// Bibliography health in one import for the host and the command line: citations checked
// against bibliographies, unused entries, near misses, and the files of a split LaTeX document.
export * from './citations';
export * from './checkDocuments';
export * from './unusedEntries';
export * from './includes';
export * from './nearMiss';
