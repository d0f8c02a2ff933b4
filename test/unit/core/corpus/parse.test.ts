import * as assert from 'node:assert/strict';
import { parsePage } from '../../../../src/core/corpus/parse';
import { seedCorpus, seedPages } from '../../support/seeds';

const page = (name: string) => {
  const found = seedPages().find(p => p.file.includes(name));
  if (!found) throw new Error(`no seed page ${name}`);
  return parsePage(found.text, found.file);
};
const entry = (parsed: ReturnType<typeof parsePage>, title: string) => {
  const found = parsed.entries.find(e => e.title.startsWith(title));
  assert.ok(found, `entry "${title}" not parsed`);
  return found;
};

suite('parsePage on the seed pages', () => {
  test('reads all 454 entries of the five pages without a problem', () => {
    const pages = seedPages().map(p => parsePage(p.text, p.file));
    assert.deepEqual(pages.map(p => p.entries.length), [89, 84, 108, 84, 89]);
    assert.equal(pages.reduce((n, p) => n + p.entries.length, 0), 454);
    assert.deepEqual(pages.flatMap(p => p.problems), []);
  });

  test("the page's own date is the page date, not the first paper's", () => {
    const first = page('000_');
    assert.equal(first.pageDate, 'Sep 8');
    const alphaBlock = entry(first, 'AlphaBlock');
    assert.equal(alphaBlock.date, null);
    assert.equal(alphaBlock.source.line, 13);
  });

  test('a header without the "Daily Papers" line still ends at the page date', () => {
    const second = page('001_');
    assert.equal(second.pageDate, 'Mar 11');
    assert.equal(second.entries[0].title, 'FineBio: A Fine-Grained Video Dataset of Biological Experiments with Hierarchical Annotation');
  });

  test('a title that begins with a digit is a title, not an upvote count', () => {
    const olmo = entry(page('000_'), '2 OLMo 2 Furious');
    assert.equal(olmo.title, '2 OLMo 2 Furious');
    assert.match(olmo.abstract, /^We present OLMo 2/);
  });

  test('titles that begin like a month ("Dec…", "Oct…", "Aug…") are titles, not dates', () => {
    assert.equal(entry(page('002_'), 'Decision Mamba').authorsCount, 5);
    assert.equal(entry(page('001_'), 'Octo-planner').date, null);
    assert.match(entry(page('004_'), 'Augmenting Autotelic').abstract, /^Humans learn to master/);
  });

  test('non-ASCII titles are kept as printed', () => {
    assert.ok(entry(page('000_'), 'TÜLU 3'));
    assert.ok(entry(page('003_'), 'τ^2-Bench'));
    assert.ok(entry(page('000_'), 'FaSTA^*'));
  });

  test('entries with and without metadata side by side', () => {
    const p = page('002_');
    const you = entry(p, 'You Only Look at Screens');
    assert.deepEqual([you.authorsCount, you.date, you.year, you.upvotes], [2, 'Sep 20, 2023', 2023, null]);
    const gta = entry(p, 'GTA1');
    assert.deepEqual([gta.authorsCount, gta.organization, gta.date, gta.year, gta.upvotes], [null, null, null, null, null]);
    const dyna = entry(p, 'DynaSaur');
    assert.deepEqual([dyna.authorsCount, dyna.date, dyna.year, dyna.upvotes], [12, 'Nov 3, 2024', 2024, 3]);
  });

  test('date lines: with and without year, with and without upvotes', () => {
    const p = page('002_');
    const pick = (t: string) => { const e = entry(p, t); return [e.date, e.year, e.upvotes]; };
    assert.deepEqual(pick('PORTool'), ['Oct 29', null, 1]);
    assert.deepEqual(pick('Adapting Vision-Language Models'), ['Jun 22', null, null]);
    assert.deepEqual(pick('Large Action Models'), ['Dec 13, 2024', 2024, 5]);
    assert.deepEqual(pick('Sharing is Caring'), ['Sep 10', null, 53]);
    assert.deepEqual(pick('BroRL'), ['Oct 1', null, 2]);
  });

  test('organisation lines: "handle Name", single word, and names with spaces or dashes', () => {
    const p = page('002_');
    assert.deepEqual(entry(p, 'UltraCUA').organization, { handle: 'apple', name: 'Apple' });
    assert.deepEqual(entry(p, 'Unified Diffusion VLA').organization, { handle: 'HKUSTGZ', name: 'HKUSTGZ' });
    assert.deepEqual(entry(p, 'VitaBench').organization, { handle: 'meituan-longcat', name: 'LongCat' });
    assert.deepEqual(entry(p, 'VerlTool').organization, { handle: 'TIGER-Lab', name: 'TIGER-Lab' });
    assert.equal(entry(p, 'UltraCUA').authorsCount, null);
    assert.deepEqual(entry(p, 'UltraCUA').date, 'Oct 20');
  });

  test('the last entry of a file without a final newline is read whole', () => {
    for (const p of seedPages()) assert.ok(!p.text.endsWith('\n'), `${p.file} was expected to lack a final newline`);
    assert.match(page('000_').entries.at(-1)!.abstract, /code and models here\.$/);
    assert.equal(page('002_').entries.at(-1)!.title, 'CoAct-1: Computer-using Agents with Coding as Actions');
  });

  test('LaTeX left in an abstract is kept as text', () => {
    assert.match(entry(page('004_'), 'Can LLMs Learn from Previous Mistakes').abstract, /\\url\{https:/);
    assert.match(entry(page('002_'), 'Experimenting with Multi-Agent').abstract, /\\end$/);
  });

  test('every entry of the seed corpus is located by file and line', () => {
    for (const paper of seedCorpus().papers) {
      for (const s of paper.sources) assert.match(`${s.file}:${s.line}`, /^seeds\/00[0-4]_[0-9a-f]+\.txt:\d+$/);
    }
  });
});

suite('parsePage on malformed input', () => {
  const ok = 'Good Paper: One\n\nAn abstract that is fine.\n\n  • 3 authors\n·\nOct 29 1';

  test('CRLF line ends and a byte-order mark are read like LF', () => {
    const parsed = parsePage(`\uFEFF${ok.replace(/\n/g, '\r\n')}\r\n`, 'crlf.txt');
    assert.deepEqual(parsed.problems, []);
    assert.equal(parsed.entries[0].upvotes, 1);
    assert.equal(parsed.entries[0].authorsCount, 3);
  });

  test('a title without an abstract at the end of a truncated file is reported and the rest loads', () => {
    const parsed = parsePage(`${ok}\n\nTruncated Paper`, 'cut.txt');
    assert.equal(parsed.entries.length, 1);
    assert.deepEqual(parsed.problems, [{ file: 'cut.txt', line: 9, message: 'paper "Truncated Paper" has no abstract' }]);
  });

  test('a title whose abstract is missing does not swallow the next title', () => {
    const long = 'x'.repeat(400);
    const parsed = parsePage(`Lost Abstract\n\nNext Paper\n\n${long}`, 'lost.txt');
    assert.deepEqual(parsed.entries.map(e => e.title), ['Next Paper']);
    assert.equal(parsed.problems[0].line, 1);
  });

  test('a metadata block with a broken date skips that entry only, with its line', () => {
    const parsed = parsePage(`Bad Date\n\nAbstract.\n\n  • 2 authors\n·\nOctober 32nd\n\n${ok}`, 'date.txt');
    assert.deepEqual(parsed.entries.map(e => e.title), ['Good Paper: One']);
    assert.equal(parsed.problems.length, 1);
    assert.equal(parsed.problems[0].line, 7);
    assert.match(parsed.problems[0].message, /expected a date .*"October 32nd".*line 1 skipped/);
  });

  test('metadata with no paper before it is reported', () => {
    const parsed = parsePage(`  • 2 authors\n·\nOct 3\n\n${ok}`, 'orphan.txt');
    assert.equal(parsed.entries.length, 1);
    assert.deepEqual(parsed.problems.map(p => p.line), [1]);
  });

  test('a title and abstract run together are reported, and parsing resumes', () => {
    const parsed = parsePage(`Run Together\nIts abstract on the next line.\n\n${ok}`, 'run.txt');
    assert.deepEqual(parsed.entries.map(e => e.title), ['Good Paper: One']);
    assert.match(parsed.problems[0].message, /several lines together/);
  });

  test('empty and blank input give nothing and no problem', () => {
    assert.deepEqual(parsePage('', 'empty.txt').entries, []);
    assert.deepEqual(parsePage('\n\n  \n', 'blank.txt').problems, []);
  });
});
