// Writes a synthetic corpus file for the engine tests, in a process of its own, so that making
// 20,000 papers (and the garbage it leaves) is not measured as the extension host's own work.
// Usage: node largeCorpus.js <corpus.json of the build> <count> <seed> <out.json>
import { readFileSync, writeFileSync } from 'node:fs';
import { syntheticCorpus } from '../../../src/bench/synthetic';

const [seedsFile, count, seed, out] = process.argv.slice(2);
const seeds = JSON.parse(readFileSync(seedsFile, 'utf8')).papers;
const papers = syntheticCorpus(seeds, Number(count), Number(seed));
writeFileSync(out, JSON.stringify({ papers }));
// The paper in the middle, to search for: its id and title.
console.log(JSON.stringify({ id: papers[papers.length >> 1].id, title: papers[papers.length >> 1].title }));
