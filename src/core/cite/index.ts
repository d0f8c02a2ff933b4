// The citation core in one import for the host and the command line. Pure: no vscode, no I/O.
export * from '../bibliography/latex/encode';
export * from '../bibliography/paperEntry';
export * from './forms';
export * from './scan';
export * from './join';
export * from '../bibliography/bibtex/parse';
export * from './append';
export * from './languages';
export * from './sources';
export * from './document';
