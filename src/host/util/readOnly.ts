// Whether Papers may edit a document: some are shown in an editor but cannot be written.
import vscode = require('vscode');

/** Schemes whose documents cannot be edited even when VS Code shows them in an editor (`papers:` is our own read-only view of a paper). */
const READ_ONLY_SCHEMES = new Set(['output', 'git', 'vscode-scm', 'walkThroughSnippet', 'papers']);

/** A read-only scheme, or a file system VS Code says cannot be written. */
export function isReadOnlyUri(uri: vscode.Uri): boolean {
  return READ_ONLY_SCHEMES.has(uri.scheme) || vscode.workspace.fs.isWritableFileSystem(uri.scheme) === false;
}
