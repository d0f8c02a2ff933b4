import topicsFile from '../data/topics.json';
import { topicList, type Topic } from '../core/corpus/topicList';
import type { TopicAssigner, TopicsFile } from '../core/corpus/topics';
import { engine } from './engine';

/**
 * The topics in display order, catch-all last. Read straight from the data file the
 * build used, so the tree shows the same labels the corpus was assigned with.
 */
export const TOPICS: readonly Topic[] = topicList(topicsFile);

export const topicLabel = (id: string) => TOPICS.find(t => t.id === id)?.label ?? id;

let assigner: TopicAssigner | undefined;

/** The rules that give papers from the user's corpus files their topics; compiled on first use. */
export function topicAssigner(): TopicAssigner {
  assigner ??= engine().createTopicAssigner(topicsFile as TopicsFile);
  return assigner;
}
