// The neighbourhood commands of the built command line, run as a user would against the replay
// server (Semantic Scholar's real records of Turing's paper and its recordings; a made batch of
// links for suggest): refs, cited-by, recommend and suggest print one line a paper or JSON, exit 1
// when the paper is not found and 2 on a usage error, and send a key only to Semantic Scholar.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../unit/support/seeds';
import { ReplayServer } from '../support/replayServer';
import { cliAsync, workDir } from './tools';

const cli = cliAsync;

suite('command line: a paper\'s neighbourhood (replayed)', () => {
  let server: ReplayServer;
  suiteSetup(async () => { server = await ReplayServer.start(); });
  suiteTeardown(() => server.close());
  setup(() => server.reset());

  test('refs and cited-by: one line a paper, or JSON with authors and ids; --limit pages', async () => {
    const refs = await cli(server.env, ROOT, 'refs', 'https://doi.org/10.1093/mind/lix.236.433');
    assert.equal(refs.status, 0, refs.stderr);
    const lines = refs.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 14);
    assert.ok(lines.includes('8254\t1937\tOn Computable Numbers, with an Application to the Entscheidungsproblem.\tA. Turing\tDOI:10.2307/2268810'), lines.join('\n'));
    const json = await cli(server.env, ROOT, 'cited-by', '10.1093/mind/lix.236.433', '--json', '--limit', '5');
    assert.equal(json.status, 0, json.stderr);
    const citing = JSON.parse(json.stdout) as { title: string; authors: string[]; arxivId?: string; doi?: string }[];
    assert.equal(citing.length, 5);
    assert.deepEqual(citing[1].authors, ['V. Venkatasubramanian', 'Arijit Chakraborty']);
    assert.equal(citing[1].arxivId, '2405.19561');
    assert.match(json.stderr, /the first 5; --limit asks for up to 1000/);
    assert.equal(server.requests[1].path.includes('offset=0&limit=5'), true);
  });

  test('recommend: for one paper, and for several (one POST)', async () => {
    const one = await cli(server.env, ROOT, 'recommend', '10.2139/ssrn.2250500', '--limit', '100');
    assert.equal(one.status, 0, one.stderr);
    assert.ok(one.stdout.trimEnd().split('\n').length > 10);
    const many = await cli(server.env, ROOT, 'recommend', '10.1093/mind/lix.236.433', '2405.19561', '--json');
    assert.equal(server.requests.at(-1)!.method, 'POST');
    assert.deepEqual(JSON.parse(server.requests.at(-1)!.body!), { positivePaperIds: ['DOI:10.1093/mind/lix.236.433', 'arXiv:2405.19561'], negativePaperIds: [] });
    // (No recording asked that: the replay's made answer is Turing's resolved references, less the papers given.)
    assert.equal(many.status, 0, many.stderr);
    const titles = (JSON.parse(many.stdout) as { title: string }[]).map(p => p.title);
    assert.ok(titles.some(t => t.startsWith('On Computable Numbers')), titles.join('; '));
    assert.ok(!titles.includes('Computing Machinery and Intelligence'));
  });

  test('not found exits 1 with the service\'s reason; a usage error exits 2; a key goes to Semantic Scholar only', async () => {
    const missing = await cli(server.env, ROOT, 'refs', '10.9999/nothing');
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /^papers: 127\.0\.0\.1:\d+ answered 404: Semantic Scholar does not know the paper DOI:10\.9999\/nothing\n$/);
    const usage = await cli(server.env, ROOT, 'refs', 'not an id');
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /^papers: "not an id" is not an arXiv id, a DOI or a link to a paper\nusage:\n {2}papers refs /);
    assert.equal((await cli(server.env, ROOT, 'cited-by', '2405.19561', '--limit', '0')).status, 2);
    server.reset();
    const keyed = await cli({ ...server.env, PAPERS_S2_KEY: 'k-0123456789' }, ROOT, 'refs', '10.1093/mind/lix.236.433');
    assert.equal(keyed.status, 0, keyed.stderr);
    assert.deepEqual(server.requests.map(r => [r.service, r.apiKey]), [['s2', 'k-0123456789']]);
  });

  test('suggest: what the documents\' cited papers share, best first, with the reason', async () => {
    const work = workDir('suggest');
    try {
      writeFileSync(join(work.dir, 'refs.bib'), [
        '@article{shen2024journey, title = {The Journey/DAO/TAO of Embodied Intelligence}, author = {Shen, Tianyu}, year = {2024}, doi = {10.1109/jas.2024.124407}}',
        '@misc{venkat2024quo, title = {Quo Vadis ChatGPT?}, author = {Venkatasubramanian, V.}, year = {2024}, eprint = {2405.19561}, archivePrefix = {arXiv}}',
        '@article{hamarat2024dark, title = {The dark side of artificial intelligence}, author = {Hamarat, Handan}, year = {2024}, doi = {10.1108/whatt-03-2024-0061}}',
      ].join('\n'));
      writeFileSync(join(work.dir, 'paper.tex'), '\\documentclass{article}\n\\begin{document}\n\\cite{shen2024journey,venkat2024quo}\n\\cite{hamarat2024dark}\n\\bibliographystyle{plain}\n\\bibliography{refs}\n\\end{document}\n');
      const r = await cli(server.env, work.dir, 'suggest', 'paper.tex');
      assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(r.stdout.trimEnd().split('\n').map(line => { const f = line.split('\t'); return [f[2].slice(0, 25), f.at(-1)]; }), [
        ['Computing Machinery and I', 'cited by 3 of your 3 references'],
        ['An Unsolvable Problem of ', 'cited by 2 of your 3 references'],
        ['The Personification of Ch', 'cites 2 of your 3 references'],
      ]);
      const json = JSON.parse((await cli(server.env, work.dir, 'suggest', 'paper.tex', '--json', '--limit', '1')).stdout) as { title: string; citedBy: number; doi: string }[];
      assert.deepEqual(json.map(s => [s.title, s.citedBy, s.doi]), [['Computing Machinery and Intelligence', 3, '10.1093/MIND/LIX.236.433']]);
    } finally {
      work.done();
    }
  });
});
