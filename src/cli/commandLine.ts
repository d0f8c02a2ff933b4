// What the two command-line entries (dist/cli.js and the bench) share: how they end.

/** Bad arguments: the message and the usage are printed, and the exit status is 2. */
export class UsageError extends Error {}

/**
 * Runs a command-line entry: bad arguments (a `UsageError`, or one from `parseArgs`) exit
 * with 2 after the usage; any other failure exits with 1 and its message alone.
 */
export function runCommandLine(name: string, usage: string, run: () => Promise<void>): void {
  run().catch((e: unknown) => {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${name}: ${(e as Error).message}\n${usage}`);
      process.exit(2);
    }
    console.error(`${name}: ${(e as Error).message}`);
    process.exit(1);
  });
}
