// How an item is named among every Zotero library read (the writer's own and their groups'). Apart
// from item.ts (zod and the conversions): the extension host's bundle takes this, with change.ts.
/** What names an item: its key, and the library the answer says it is in (item.ts reads both). */
interface Named {
  key: string;
  library?: { type: string; id: number };
}

/** The group library an item is in (the host marks what it reads from `/groups/ID`); undefined for the writer's own. */
export const groupOf = (item: Pick<Named, 'library'>): number | undefined => (item.library?.type === 'group' ? item.library.id : undefined);

/**
 * An item among every library read: Zotero's item keys are unique within one library only (a group
 * item and one of the writer's may share a key), so a group item is `GROUP/KEY`. The writer's own
 * item is its key alone, as before groups were read: the keys kept for items (by this) still match.
 *
 * @example zoteroItemRef({ key: 'X42A7DEE', library: { type: 'group', id: 169947 } }) === '169947/X42A7DEE'
 */
export function zoteroItemRef(item: Named): string {
  const group = groupOf(item);
  return group === undefined ? item.key : `${group}/${item.key}`;
}

/**
 * The item a paper's id names (`zoteroPaperId`), as `zoteroItemRef` names it: the key in Zotero's
 * capitals, after its group for a group's item.
 *
 * @example itemRefOfPaperId('zotero-x42a7dee') === 'X42A7DEE'; itemRefOfPaperId('zotero-g5-x42a7dee') === '5/X42A7DEE'
 */
export function itemRefOfPaperId(id: string): string | undefined {
  const match = /^zotero-(?:g(\d{1,15})-)?([a-z0-9]{8})$/.exec(id);
  if (!match) return undefined;
  const key = match[2].toUpperCase();
  return match[1] ? `${Number(match[1])}/${key}` : key;
}
