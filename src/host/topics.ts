import topicsFile from '../data/topics.json';
import type { Topic } from '../core/topics';

/**
 * The topics in display order, catch-all last. Read straight from the data file the
 * build used, so the tree shows the same labels the corpus was assigned with.
 */
export const TOPICS: readonly Topic[] = [
  ...topicsFile.topics.map(({ id, label, description }) => ({ id, label, description })),
  topicsFile.catchAll,
];
