// What the two command-line entries (dist/cli.js and the bench) share: how they start and end.
import { warn, watchOutput } from './output';

/** Bad arguments: the message and the usage are printed, and the exit status is 2. */
export class UsageError extends Error {}

/** `help`, `--help` or `-h` before any `--`: the usage is what was asked for. */
export function asksForHelp(argv: readonly string[]): boolean {
  const options = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  return options[0] === 'help' || options.includes('--help') || options.includes('-h');
}

/**
 * Runs a command-line entry: `--help` prints the usage on stdout and exits 0; bad arguments (a
 * `UsageError`, or one from `parseArgs`) exit with 2 after the usage; any other failure exits
 * with 1 and its message alone. `usage` may depend on the arguments, so that a command's help
 * and its mistakes show that command's usage rather than every command's.
 */
export function runCommandLine(name: string, usage: string | ((argv: readonly string[]) => string), run: () => Promise<void>): void {
  watchOutput();
  const argv = process.argv.slice(2);
  const usageText = () => (typeof usage === 'string' ? usage : usage(argv));
  if (asksForHelp(argv)) {
    process.stdout.write(`${usageText()}\n`);
    return;
  }
  run().catch((e: unknown) => {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      warn(`${name}: ${(e as Error).message}`);
      process.stderr.write(`${usageText()}\n`);
      process.exit(2);
    }
    warn(`${name}: ${(e as Error).message}`);
    process.exit(1);
  });
}
