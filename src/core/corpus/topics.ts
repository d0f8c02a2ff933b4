import { topicList, type Topic } from './topicList';
import * as z from '../util/zod';

/**
 * A topic and the rules that assign papers to it. Patterns are case-insensitive
 * regular expressions; a title match is strong evidence, abstract matches add up:
 * score = (titleWeight if any title pattern matches + 1 per abstract pattern that matches) * weight.
 */
const topicId = () => z.string().check(z.regex(/^[a-z0-9-]+$/, 'topic ids are lower case words joined by dashes'));
const text = () => z.string().check(z.minLength(1));

export const TopicRuleSchema = z.lazySchema(() => z.object({
  id: topicId(),
  label: text(),
  description: text(),
  title: z.array(z.string()),
  abstract: z.array(z.string()),
  /** Patterns that veto the topic, for words that mean something else here. */
  exclude: z._default(z.array(z.string()), []),
  /**
   * Multiplies the topic's score. A broad topic (one whose words every paper of a
   * narrower topic also uses) weighs less, so the narrower subject comes first.
   */
  weight: z._default(z.number().check(z.positive()), 1),
}));

export const TopicsFileSchema = z.lazySchema(() => z.object({
  /** Title hits weigh this much; each distinct abstract pattern that matches weighs 1. */
  titleWeight: z.number().check(z.positive()),
  /** A paper joins every topic that scores at least this much. */
  threshold: z.number().check(z.positive()),
  /**
   * A topic after the best one joins only if it scores at least this share of the best
   * score, so a paper is filed under its subject and not under every topic it mentions.
   */
  minShareOfBest: z._default(z.number().check(z.gte(0), z.lte(1)), 0),
  /** At most this many topics per paper, best first. */
  maxTopics: z.optional(z.int().check(z.positive())),
  /**
   * A paper that reaches the threshold nowhere still joins its best topic when that
   * topic scores at least this much; only papers below it fall to the catch-all.
   */
  fallback: z.optional(z.number().check(z.positive())),
  catchAll: z.object({ id: topicId(), label: text(), description: text() }),
  topics: z.array(TopicRuleSchema).check(z.minLength(1)),
}).check(z.superRefine((file, ctx) => {
  // Ids name topics in the corpus and labels name them in the sidebar: both must be unambiguous.
  const all = [...file.topics, file.catchAll];
  for (const field of ['id', 'label'] as const) {
    const seen = new Set<string>();
    for (const topic of all) {
      if (seen.has(topic[field])) ctx.addIssue({ code: 'custom', path: ['topics'], message: `duplicate topic ${field}: ${topic[field]}`, input: topic[field] });
      seen.add(topic[field]);
    }
  }
})));

/** The data file as written: fields with defaults may be left out. */
export type TopicsFile = z.input<typeof TopicsFileSchema>;

export type { Topic } from './topicList';

interface CompiledRule extends Topic {
  weight: number;
  title: RegExp[];
  abstract: RegExp[];
  exclude: RegExp[];
}

export interface TopicAssigner {
  /** Every topic in display order, the catch-all last. */
  topics: Topic[];
  /** Topic ids for a paper, best first; never empty. */
  assign(paper: { title: string; abstract: string }): string[];
  /** Score of each topic for a paper, to explain an assignment. */
  scores(paper: { title: string; abstract: string }): Record<string, number>;
}

const compile = (patterns: string[]) => patterns.map(p => new RegExp(p, 'iu'));

export interface AssignerOptions {
  /**
   * Whether a paper below the threshold everywhere joins its best topic when that one scores at
   * least `fallback` (true by default). The pages the bundled papers come from are all of the
   * topics' fields, where a near miss is a paper's subject; a paper fetched from the web may be of
   * any field, where two words ("decoding", "hypothesis"; "manipulation", "demonstrations") say
   * nothing of it: those papers join a topic only above the threshold, else the catch-all.
   */
  nearMisses?: boolean;
}

/**
 * Builds the topic assigner from the topics data file.
 *
 * @example createTopicAssigner(topicsFile).assign({ title: 'OSWorld: ...', abstract: '...' }) // ['computer-use', ...]
 */
export function createTopicAssigner(file: TopicsFile, { nearMisses = true }: AssignerOptions = {}): TopicAssigner {
  const data = TopicsFileSchema.parse(file);
  const rules: CompiledRule[] = data.topics.map(t => ({
    id: t.id, label: t.label, description: t.description, weight: t.weight,
    title: compile(t.title), abstract: compile(t.abstract), exclude: compile(t.exclude),
  }));
  const scores = (paper: { title: string; abstract: string }) => {
    const out: Record<string, number> = {};
    const text = `${paper.title}\n${paper.abstract}`;
    for (const rule of rules) {
      if (rule.exclude.some(r => r.test(text))) { out[rule.id] = 0; continue; }
      const titleHits = rule.title.some(r => r.test(paper.title)) ? data.titleWeight : 0;
      const abstractHits = rule.abstract.filter(r => r.test(paper.abstract)).length;
      // Rounded so that a score reads as it is compared (0.6 * 7 is 4.2, not 4.199999…).
      out[rule.id] = Math.round((titleHits + abstractHits) * rule.weight * 100) / 100;
    }
    return out;
  };
  return {
    topics: topicList(data),
    scores,
    assign(paper) {
      // The sort is stable, so ties go to the topic listed first in the file.
      const ranked = Object.entries(scores(paper)).filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1]);
      const best = ranked[0]?.[1] ?? 0;
      if (best < data.threshold) {
        return nearMisses && data.fallback !== undefined && best >= data.fallback ? [ranked[0][0]] : [data.catchAll.id];
      }
      const floor = Math.max(data.threshold, best * data.minShareOfBest);
      return ranked.filter(([, s]) => s >= floor).slice(0, data.maxTopics).map(([id]) => id);
    },
  };
}
