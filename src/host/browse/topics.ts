// The build gives the host bundle only the topics' ids, labels and descriptions from this file
// (esbuild.mjs, `topicNames`): their rules are the engine's, and would cost the VSIX 4 KB twice.
import topicsFile from '../../data/topics.json';
import { topicList, type Topic } from '../../core/corpus/topicList';

/**
 * The topics in display order, catch-all last. Read straight from the data file the
 * build used, so the tree shows the same labels the corpus was assigned with.
 */
export const TOPICS: readonly Topic[] = topicList(topicsFile);
