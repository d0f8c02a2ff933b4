// The errors a command turns into messages (util/commands.ts), and one line for any error.
import { firstIssue } from '../../core/util/issues';

/** Shown to the user as is: the message already says what to do. */
export class UserError extends Error {}

/** Shown when a command needs the papers and they could not be loaded. */
export class PapersUnavailableError extends Error {}

/** A one-line reason for an error, including zod's issue path for a corrupt corpus. */
export function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'issues' in error && Array.isArray(error.issues)) {
    return `the corpus is invalid: ${firstIssue(error as { issues: [] })}`;
  }
  return error instanceof Error ? error.message : String(error);
}
