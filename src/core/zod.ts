// zod/mini with English messages. The classic `zod` entry pulls ~450 KB into a bundle;
// mini with one locale is ~16 KB, which keeps the extension and the VSIX small.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

z.config(en());

export { z };

/** A readable one-line account of the first problem zod found, with its path. */
export function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
