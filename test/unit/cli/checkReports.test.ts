// `papers check --format github` and `--format sarif`: each problem as GitHub's workflow command
// and as a SARIF result, escaped as the runner and the SARIF schema read them.
import * as assert from 'node:assert/strict';
import { escapeData, escapeProperty, githubAnnotations, sarifLog } from '../../../src/cli/checkReports';
import { failsCheck, type ReportedProblem } from '../../../src/core/health';

const problem = (p: Partial<ReportedProblem>): ReportedProblem => ({
  file: 'paper.tex', line: 12, column: 8, severity: 'warning', code: 'undefined-key', message: 'ReAct2022 is not in references.bib', ...p,
});

/** What GitHub's runner does to a workflow command's message and properties (actions/toolkit's unescape). */
const unescapeData = (text: string) => text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
const unescapeProperty = (text: string) => unescapeData(text.replace(/%3A/g, ':').replace(/%2C/g, ','));

/** A workflow command parsed as the runner parses one: `::name k=v,k=v::message`. */
function parseCommand(line: string): { name: string; properties: Record<string, string>; message: string } {
  const match = /^::(\w+) ([^:]*)::(.*)$/.exec(line);
  assert.ok(match, `not a workflow command: ${line}`);
  assert.doesNotMatch(line, /[\r\n]/, 'one line');
  const properties = Object.fromEntries(match[2].split(',').map(pair => {
    const at = pair.indexOf('=');
    return [pair.slice(0, at), unescapeProperty(pair.slice(at + 1))];
  }));
  return { name: match[1], properties, message: unescapeData(match[3]) };
}

suite('papers check --format github: workflow commands', () => {
  test('a line a problem: level, file, line, column, the code as title, the message', () => {
    const lines = githubAnnotations([
      problem({}),
      problem({ file: 'refs.bib', line: 40, column: 1, severity: 'error', code: 'duplicate-key', message: 'key "v" is already used by the entry at line 3' }),
      problem({ file: 'refs.bib', line: 7, column: 1, severity: 'warning', code: 'stray-at', message: '"@x" is not followed by "{"' }),
    ], failsCheck);
    assert.deepEqual(lines, [
      '::error file=paper.tex,line=12,col=8,title=undefined-key::ReAct2022 is not in references.bib',
      '::error file=refs.bib,line=40,col=1,title=duplicate-key::key "v" is already used by the entry at line 3',
      '::warning file=refs.bib,line=7,col=1,title=stray-at::"@x" is not followed by "{"',
    ]);
  });

  test('a problem that fails the check is an error; --strict makes every one fail', () => {
    const warning = problem({ code: 'missing-bibliography', message: 'refs.bib does not exist' });
    assert.match(githubAnnotations([warning], failsCheck)[0], /^::warning /);
    assert.match(githubAnnotations([warning], () => true)[0], /^::error /);
  });

  test('messages escape %, CR and LF; properties also : and ,', () => {
    assert.equal(escapeData('100% done\r\nnext'), '100%25 done%0D%0Anext');
    assert.equal(escapeData('%0A stays text'), '%250A stays text', '% first, so an escape in the text stays text');
    assert.equal(escapeProperty('C:\\thesis\\a,b.tex'), 'C%3A\\thesis\\a%2Cb.tex');
    assert.equal(escapeProperty('50%:x,\n'), '50%25%3Ax%2C%0A');
  });

  test('a key or a file name cannot end the command or start another: the runner reads back exactly the text', () => {
    const hostile = problem({
      file: 'ch,1:a%b\n.tex', code: 'undefined-key',
      message: 'evil%0A::set-env name=X::1\r\n::error::forged is not in refs.bib, 100%',
    });
    const [line] = githubAnnotations([hostile], failsCheck);
    const parsed = parseCommand(line);
    assert.equal(parsed.name, 'error');
    assert.deepEqual(parsed.properties, { file: 'ch,1:a%b\n.tex', line: '12', col: '8', title: 'undefined-key' });
    assert.equal(parsed.message, hostile.message);
  });
});

suite('papers check --format sarif: a SARIF 2.1.0 log', () => {
  test('a rule per code, a result per problem with its level and place', () => {
    const log = sarifLog([
      problem({}),
      problem({ file: 'refs.bib', line: 4, column: 1, code: 'duplicate-key', message: 'key "k" is already used by the entry at line 2' }),
      problem({ file: 'chapters/ch 1.tex', line: 2, column: 3 }),
    ], failsCheck, '1.2.3') as {
      version: string; $schema: string;
      runs: { tool: { driver: { name: string; version: string; rules: { id: string; shortDescription: { text: string } }[] } }; results: Record<string, unknown>[] }[];
    };
    assert.equal(log.version, '2.1.0');
    assert.match(log.$schema, /sarif-2\.1\.0/);
    const [run] = log.runs;
    assert.equal(run.tool.driver.name, 'papers');
    assert.equal(run.tool.driver.version, '1.2.3');
    assert.deepEqual(run.tool.driver.rules.map(r => r.id), ['duplicate-key', 'undefined-key']);
    assert.ok(run.tool.driver.rules.every(r => r.shortDescription.text.length > 10));
    assert.deepEqual(run.results[0], {
      ruleId: 'undefined-key', ruleIndex: 1, level: 'error', message: { text: 'ReAct2022 is not in references.bib' },
      locations: [{ physicalLocation: { artifactLocation: { uri: 'paper.tex', uriBaseId: '%SRCROOT%' }, region: { startLine: 12, startColumn: 8 } } }],
    });
    assert.equal(run.results[1].level, 'warning', 'an uncited duplicate key is a warning');
    assert.equal((run.results[2].locations as { physicalLocation: { artifactLocation: { uri: string } } }[])[0].physicalLocation.artifactLocation.uri, 'chapters/ch%201.tex');
  });

  test('no problem: one run, no results', () => {
    const log = sarifLog([], failsCheck, '0.1.0') as { runs: { results: unknown[]; tool: { driver: { rules: unknown[] } } }[] };
    assert.deepEqual(log.runs[0].results, []);
    assert.deepEqual(log.runs[0].tool.driver.rules, []);
  });
});
