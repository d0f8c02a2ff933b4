// Setting a file's diagnostics only where they changed.
import vscode = require('vscode');

/**
 * Diagnostics are set only where they changed. Every set, even of the same warnings, makes the
 * editor of that file ask for its code actions again, and that request can replace a quick fix
 * menu the writer has just asked for with Ctrl+. A bibliography read again checks every open
 * document; most find the same problems.
 */

/** Sets a file's diagnostics unless it already has exactly these. */
export function setDiagnostics(collection: vscode.DiagnosticCollection, uri: vscode.Uri, diagnostics: readonly vscode.Diagnostic[]): void {
  const now = collection.get(uri) ?? [];
  if (now.length !== diagnostics.length || now.some((d, i) => shape(d) !== shape(diagnostics[i]))) collection.set(uri, diagnostics);
}

/** Makes `next` the collection's whole content (by URI string), setting and deleting only what changed. */
export function replaceDiagnostics(collection: vscode.DiagnosticCollection, next: ReadonlyMap<string, { uri: vscode.Uri; diagnostics: readonly vscode.Diagnostic[] }>): void {
  const gone: vscode.Uri[] = [];
  collection.forEach(uri => { if (!next.has(uri.toString())) gone.push(uri); });
  for (const uri of gone) collection.delete(uri);
  for (const { uri, diagnostics } of next.values()) setDiagnostics(collection, uri, diagnostics);
}

/** Everything a diagnostic shows (ranges, positions, locations and URIs have `toJSON`). */
const shape = (d: vscode.Diagnostic) => JSON.stringify([d.range, d.message, d.severity, d.source, d.code, d.tags, d.relatedInformation]);
