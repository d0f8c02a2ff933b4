// The citation core in one import for the host and the command line. Pure: no vscode, no I/O.
export * from './latex';
export * from './entries';
export * from './forms';
export * from './scan';
export * from './join';
export * from '../bibliography/bibtex';
export * from './bibliography';
