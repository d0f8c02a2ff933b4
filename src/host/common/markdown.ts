// Markdown made from corpus and bibliography text: escaped, never interpreted.
import { escapeMarkdown } from '../../core/browse/describe';

/** A key in a code span; a key from a user's file may hold a backtick, which would end the span early, so then it is escaped text instead. */
export function markdownCode(text: string): string {
  return text.includes('`') ? escapeMarkdown(text) : `\`${text}\``;
}
