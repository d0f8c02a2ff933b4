// Command-line entry over the same core as the extension, for scripts and checks outside the editor.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PaperLibrary } from './core/library';

const USAGE = `usage:
  papers search "<query>" [--limit N] [--json]   ranked papers: key, title, score
  papers export --format json                   the whole corpus as JSON`;

class UsageError extends Error {}

function loadLibrary(): PaperLibrary {
  const dist = __dirname;
  return PaperLibrary.fromJSON(readFileSync(join(dist, 'corpus.json'), 'utf8'), readFileSync(join(dist, 'index.json'), 'utf8'));
}

function run(argv: string[]): void {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { limit: { type: 'string' }, json: { type: 'boolean' }, format: { type: 'string' } },
  });
  const [command, ...rest] = positionals;
  if (command === 'search') {
    if (rest.length !== 1) throw new UsageError('search takes one quoted query');
    const limit = values.limit === undefined ? 10 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive whole number');
    const hits = loadLibrary().search(rest[0], { limit });
    if (values.json) {
      console.log(JSON.stringify(hits.map(h => ({ key: h.paper.key, title: h.paper.title, score: h.score }))));
    } else {
      for (const h of hits) console.log(`${h.paper.key}\t${h.paper.title}\t${h.score.toFixed(2)}`);
    }
    return;
  }
  if (command === 'export') {
    if (rest.length) throw new UsageError('export takes no positional arguments');
    if (values.format !== 'json') throw new UsageError('--format must be json');
    console.log(JSON.stringify({ papers: loadLibrary().papers }, null, 2));
    return;
  }
  throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
}

try {
  run(process.argv.slice(2));
} catch (e) {
  if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`papers: ${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  console.error(`papers: ${(e as Error).message}`);
  process.exit(1);
}
