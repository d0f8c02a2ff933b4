// The commands of the command line (dist/commands.js), which its entry (main.ts, dist/cli.js) loads
// when a command is asked for rather than the usage. It reads which command is asked and loads only
// that command's code: each `import()` below stays in this one bundle, but esbuild runs a module's
// top level only when it is first imported, so `check` does not pay for the search engine, the
// services' readers or the zod schemas of the others, and the style engine (dist/styles.js) is
// read only by `format`.
import { parseArgs } from 'node:util';
import { runCommandLine, UsageError } from './commandLine';
import { print } from './output';
import { CHECK_FORMATS, usageFor } from './usage';

async function run(argv: string[]): Promise<void> {
  // The web commands take options of their own.
  if (argv[0] === 'add') return (await import('./add')).add(argv.slice(1));
  if (argv[0] === 'daily') return (await import('./daily')).daily(argv.slice(1));
  if (argv[0] === 'refs') return (await import('./neighbours')).neighbours(argv.slice(1), 'references');
  if (argv[0] === 'cited-by') return (await import('./neighbours')).neighbours(argv.slice(1), 'citations');
  if (argv[0] === 'recommend') return (await import('./neighbours')).recommend(argv.slice(1));
  if (argv[0] === 'suggest') return (await import('./neighbours')).suggestFor(argv.slice(1));
  if (argv[0] === 'zotero') return (await import('./zotero')).zotero(argv.slice(1));
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      limit: { type: 'string' }, json: { type: 'boolean' }, format: { type: 'string' }, corpus: { type: 'string', multiple: true },
      'no-bundled': { type: 'boolean' }, style: { type: 'string' }, locale: { type: 'string' }, strict: { type: 'boolean' },
    },
  });
  const corpus = values.corpus ?? [];
  const options = { corpus, bundled: !values['no-bundled'] };
  if (!options.bundled && !corpus.length) throw new UsageError('--no-bundled needs at least one --corpus file');
  const [command, ...rest] = positionals;
  if (command === 'format') {
    const { formatCommand } = await import('./format');
    print(await formatCommand({ corpus, style: values.style, locale: values.locale, format: values.format, keys: rest }));
    return;
  }
  if (values.style !== undefined || values.locale !== undefined) throw new UsageError('--style and --locale are for format');
  if (command === 'check') {
    if (corpus.length || values['no-bundled'] || values.limit) throw new UsageError('check takes files, --format, --json and --strict only');
    if (values.json && values.format !== undefined && values.format !== 'json') throw new UsageError('--json is --format json: give one of them');
    const format = values.json ? 'json' : values.format ?? 'text';
    if (!(CHECK_FORMATS as readonly string[]).includes(format)) throw new UsageError(`check --format must be one of ${CHECK_FORMATS.join(', ')} (got "${format}")`);
    return (await import('./check')).check(rest, { format: format as typeof CHECK_FORMATS[number], strict: values.strict === true });
  }
  if (values.strict) throw new UsageError('--strict is for check');
  if (command === 'search') {
    if (rest.length !== 1) throw new UsageError('search takes one quoted query');
    return (await import('./library')).search(rest[0], values.limit, values.json === true, options);
  }
  if (command === 'export') {
    if (rest.length) throw new UsageError('export takes no positional arguments');
    return (await import('./library')).exportPapers(values.format, options);
  }
  if (command === 'cite') {
    if (rest.length !== 1) throw new UsageError('cite takes one citation key');
    return (await import('./library')).cite(rest[0], values.format, options);
  }
  throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
}

/** Runs the command the arguments name: exit 2 and its usage for bad arguments, 1 for a failure. */
export function main(argv: string[]): void {
  runCommandLine('papers', usageFor, () => run(argv));
}
