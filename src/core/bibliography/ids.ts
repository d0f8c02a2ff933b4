// The ids of papers that only the user's bibliography has. Kept apart from merge.ts so that the
// views can tell such papers apart without loading the engine.

/** The id of a paper that only a bibliography has. Corpus ids are ASCII slugs, so "@" never clashes. */
export const referenceId = (key: string): string => `@${key.toLowerCase()}`;

/** True for a paper that only the user's bibliography has (not the corpus). */
export const isBibliographyOnly = (paper: { id: string }): boolean => paper.id.startsWith('@');
