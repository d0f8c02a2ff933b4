// What a command on a paper acts on: the tree row it was run on, a paper or its key, or from the
// palette the paper of the focused details panel, else the one the user picks.
import type { Paper } from '../../core/model/paper';
import type { PaperStore } from '../library/store';
import { UserError } from '../util/errors';
import type { PaperPicker } from './pick';
import type { TreeNode } from './treeNodes';

/** What a command may be given: a tree row, a paper, a paper id or key, or nothing (palette). */
export type PaperArgument = TreeNode | Paper | string | undefined;

export const PLACEHOLDER = 'Type words of a title, an abstract, a key or an organisation (topic:, org:, year:, has:code, has:note, upvotes>N)';

/** The details view as the other features see it (host/browse/details.ts is the real one). */
export interface DetailsView {
  /** The paper shown, if the view has the focus: what palette commands act on. */
  readonly focused: Paper | undefined;
  /** Shows a paper, opening the view beside the editor or reusing it. */
  show(paper: Paper, preserveFocus?: boolean): Promise<void>;
}

/** Where a command finds its papers. */
export interface PaperSources {
  store: PaperStore;
  picker: PaperPicker;
  details: DetailsView;
}

/**
 * Resolves a command's argument to papers. From the palette there is no argument: the
 * paper of the focused details panel if there is one (so keyboard users can act on what
 * they read), else the user picks papers by typing, exactly as in "Search Papers".
 */
export async function resolvePapers({ store, picker, details }: PaperSources, arg: PaperArgument, title: string, canPickMany = false): Promise<Paper[] | undefined> {
  if (arg === undefined && details.focused) return [details.focused];
  if (arg === undefined) return (await picker.pick({ title, placeholder: PLACEHOLDER, canPickMany }))?.papers;
  const library = await store.require();
  const byKey = async (key: string) => {
    const paper = await library.paper(key);
    if (!paper) throw new UserError(`No paper has the id or key "${key}".`);
    return [paper];
  };
  if (typeof arg === 'string') return byKey(arg);
  if ('kind' in arg) return arg.kind === 'paper' ? byKey(arg.row.id) : undefined;
  return [arg];
}

export async function resolvePaper(sources: PaperSources, arg: PaperArgument, title: string): Promise<Paper | undefined> {
  return (await resolvePapers(sources, arg, title))?.[0];
}
