// Reading the files a command names, or finds, without being hung or flooded by one that is no file
// (core/util/readableFiles.ts: the rule the extension host and the engine worker follow too).
import { readFileSync, statSync } from 'node:fs';
import { decodeText } from '../core/util/decode';
import { kindOfStats, readError, refusal } from '../core/util/readableFiles';

/** A file's text, or why it cannot be read: only a regular file of a sane size is read. */
export function readRegularFile(path: string): { text: string } | { error: string } {
  try {
    const stat = statSync(path);
    const refused = refusal(kindOfStats(stat));
    if (refused) return { error: refused.message };
    return { text: decodeText(readFileSync(path)) };
  } catch (error) {
    return { error: readError(error) };
  }
}
