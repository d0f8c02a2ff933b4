// The topics as the tree and the `topic:` filter see them: no rules, no zod, so that the
// code loaded at activation stays small.

export interface Topic {
  id: string;
  label: string;
  description: string;
}

/**
 * The topics of a data file in display order, the catch-all last, without compiling any
 * rule.
 *
 * @example topicList(topicsFile).at(-1).id === 'other'
 */
export function topicList(file: { topics: readonly Topic[]; catchAll: Topic }): Topic[] {
  return [...file.topics, file.catchAll].map(({ id, label, description }) => ({ id, label, description }));
}
