import topicsFile from '../data/topics.json';
import { createTopicAssigner, type Topic, type TopicAssigner, type TopicsFile } from '../core/topics';

/**
 * The topics in display order, catch-all last. Read straight from the data file the
 * build used, so the tree shows the same labels the corpus was assigned with.
 */
export const TOPICS: readonly Topic[] = [
  ...topicsFile.topics.map(({ id, label, description }) => ({ id, label, description })),
  topicsFile.catchAll,
];

export const topicLabel = (id: string) => TOPICS.find(t => t.id === id)?.label ?? id;

let assigner: TopicAssigner | undefined;

/** The rules that give papers from the user's corpus files their topics; compiled on first use. */
export function topicAssigner(): TopicAssigner {
  assigner ??= createTopicAssigner(topicsFile as TopicsFile);
  return assigner;
}
