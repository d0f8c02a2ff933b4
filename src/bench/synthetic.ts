// Deterministic synthetic corpora for the benchmark, grown from the seed papers: the
// same words, lengths and metadata spread, so that 10,000 or 100,000 papers stress the
// index the way a real library of that size would (titles mostly "Name: subtitle",
// abstracts of seed length, a new name per paper so the vocabulary keeps growing).
import type { Paper } from '../core/model/paper';
import { slugify } from '../core/util/text';

/** A small seeded PRNG (mulberry32): the same seed gives the same corpus on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

/** The items in a seeded random order (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** Word-level Markov chain of order `order`; a state is the last `order` words joined by a space. */
class Chain {
  private readonly next = new Map<string, string[]>();
  private readonly starts: string[][] = [];

  constructor(texts: readonly string[], private readonly order: number) {
    for (const text of texts) {
      const words = text.split(/\s+/).filter(Boolean);
      if (words.length <= order) continue;
      this.starts.push(words.slice(0, order));
      for (let i = order; i < words.length; i++) {
        const state = words.slice(i - order, i).join(' ');
        const list = this.next.get(state);
        if (list) list.push(words[i]);
        else this.next.set(state, [words[i]]);
      }
    }
  }

  /** About `length` words; restarts from a text's opening when the chain runs dry. */
  walk(random: Random, length: number): string[] {
    const words = [...pick(random, this.starts)];
    while (words.length < length) {
      const followers = this.next.get(words.slice(-this.order).join(' '));
      if (followers) words.push(pick(random, followers));
      else words.push(...pick(random, this.starts));
    }
    return words;
  }
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'ven', 'tor', 'zu', 'qi', 'dex', 'pha', 'sol', 'nu', 'gri', 'ta', 'mo',
  'vel', 'xa', 'bri', 'cor', 'den', 'fi', 'ho', 'jun', 'ler', 'ox', 'pri', 'sen', 'ul', 'wa', 'yor'];
const NAME_SUFFIXES = ['', '', '', 'Bench', 'Agent', 'GPT', '-R1', '-2', 'RL', 'VLA', '-Zero', 'World'];
const TITLE_STOPWORDS = /^(a|an|and|for|from|in|of|on|or|the|to|via|with|by|at|as|into|towards?)$/i;

/** A new model-like name ("Vorakin", "TaqiBench", "Zudex-R1"), never given twice. */
function coinName(random: Random, taken: Set<string>): string {
  for (;;) {
    const syllables = 2 + Math.floor(random() * 2);
    let stem = '';
    for (let i = 0; i < syllables; i++) stem += pick(random, SYLLABLES);
    const name = stem.charAt(0).toUpperCase() + stem.slice(1) + pick(random, NAME_SUFFIXES);
    if (!taken.has(name.toLowerCase())) {
      taken.add(name.toLowerCase());
      return name;
    }
  }
}

/** Subtitles of the seed titles ("Name: subtitle" → "subtitle"), which the title chain learns from. */
function subtitles(seeds: readonly Paper[]): string[] {
  return seeds.map(p => {
    const colon = p.title.indexOf(': ');
    return colon > 0 && colon < 30 ? p.title.slice(colon + 2) : p.title;
  });
}

/**
 * `count` synthetic papers made from the seed papers, valid against `PaperSchema`.
 * Metadata (organisation, year, upvotes, links, topics) is copied from a random seed
 * paper, so filters match as often as they do on the seeds.
 *
 * @example syntheticCorpus(seedPapers, 10_000, 1).length === 10_000
 */
export function syntheticCorpus(seeds: readonly Paper[], count: number, seed = 1): Paper[] {
  const random = prng(seed);
  const titleChain = new Chain(subtitles(seeds), 1);
  const abstractChain = new Chain(seeds.map(p => p.abstract), 2);
  const named = seeds.filter(p => /^[^:]{1,30}: /.test(p.title)).length / seeds.length;
  const titleLengths = subtitles(seeds).map(t => t.split(/\s+/).length);
  const abstractLengths = seeds.map(p => p.abstract.split(/\s+/).length);
  const taken = new Set<string>();
  const ids = new Set<string>();
  const names: string[] = [];
  const papers: Paper[] = [];
  for (let i = 0; i < count; i++) {
    const base = pick(random, seeds);
    const name = coinName(random, taken);
    names.push(name);
    let words = titleChain.walk(random, Math.max(4, pick(random, titleLengths)));
    while (words.length > 3 && TITLE_STOPWORDS.test(words[words.length - 1])) words = words.slice(0, -1);
    const subtitle = words.join(' ').replace(/[:.,;]+$/, '');
    const title = random() < named ? `${name}: ${subtitle}` : subtitle;
    const sentences = abstractChain.walk(random, pick(random, abstractLengths)).join(' ');
    const other = names.length > 1 && random() < 0.3 ? ` ${name} outperforms ${pick(random, names)} on every task.` : '';
    const abstract = `${sentences.replace(/([.!?])\s/, `$1 We introduce ${name}. `)}${other}`;
    let id = slugify(title);
    if (ids.has(id)) id = `${id}-${i}`;
    ids.add(id);
    papers.push({
      id,
      key: name.replace(/[^A-Za-z0-9]/g, ''),
      title,
      abstract,
      authorsCount: base.authorsCount,
      organization: base.organization,
      date: base.date,
      year: base.year,
      upvotes: base.upvotes,
      links: base.links,
      topics: base.topics,
      sources: [{ file: 'synthetic', line: i + 1 }],
    });
  }
  return papers;
}
