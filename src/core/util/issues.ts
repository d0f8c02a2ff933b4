// Kept apart from zod.ts: code that only reports problems must not pull zod into the
// bundle that loads at activation.

/** A readable one-line account of the first problem zod found, with its path. */
export function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
