import { z } from 'zod';

/**
 * A topic and the rules that assign papers to it. Patterns are case-insensitive
 * regular expressions; a title match is strong evidence, abstract matches add up.
 */
export const TopicRuleSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  label: z.string().min(1),
  description: z.string().min(1),
  title: z.array(z.string()),
  abstract: z.array(z.string()),
  /** Patterns that veto the topic, for words that mean something else here. */
  exclude: z.array(z.string()).default([]),
});

export const TopicsFileSchema = z.object({
  /** Title hits weigh this much; each distinct abstract pattern that matches weighs 1. */
  titleWeight: z.number().positive(),
  /** A paper joins every topic that scores at least this much. */
  threshold: z.number().positive(),
  catchAll: z.object({ id: z.string().regex(/^[a-z0-9-]+$/), label: z.string(), description: z.string() }),
  topics: z.array(TopicRuleSchema).min(1),
});

export type TopicsFile = z.infer<typeof TopicsFileSchema>;

export interface Topic {
  id: string;
  label: string;
  description: string;
}

interface CompiledRule extends Topic {
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

/**
 * Builds the topic assigner from the topics data file.
 *
 * @example createTopicAssigner(topicsFile).assign({ title: 'OSWorld: ...', abstract: '...' }) // ['computer-use', ...]
 */
export function createTopicAssigner(file: TopicsFile): TopicAssigner {
  const data = TopicsFileSchema.parse(file);
  const rules: CompiledRule[] = data.topics.map(t => ({
    id: t.id, label: t.label, description: t.description,
    title: compile(t.title), abstract: compile(t.abstract), exclude: compile(t.exclude),
  }));
  const scores = (paper: { title: string; abstract: string }) => {
    const out: Record<string, number> = {};
    for (const rule of rules) {
      const text = `${paper.title}\n${paper.abstract}`;
      if (rule.exclude.some(r => r.test(text))) { out[rule.id] = 0; continue; }
      const titleHits = rule.title.some(r => r.test(paper.title)) ? data.titleWeight : 0;
      const abstractHits = rule.abstract.filter(r => r.test(paper.abstract)).length;
      out[rule.id] = titleHits + abstractHits;
    }
    return out;
  };
  return {
    topics: [...rules.map(({ id, label, description }) => ({ id, label, description })), data.catchAll],
    scores,
    assign(paper) {
      const ranked = Object.entries(scores(paper)).filter(([, s]) => s >= data.threshold).sort((a, b) => b[1] - a[1]);
      return ranked.length ? ranked.map(([id]) => id) : [data.catchAll.id];
    },
  };
}
