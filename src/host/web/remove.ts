// Remove from Library: a paper the user added from the web (Add Paper, a search, a look-up, a
// starred paper of a day) stays in the library across sessions until the user takes it out here.
// The cache keeps what was fetched, so adding it again asks nothing of the network.
import vscode = require('vscode');
import type { Paper } from '../../core/model/paper';
import { resolvePaper, type PaperArgument } from '../common/resolve';
import { UserError } from '../util/errors';
import type { AddParts } from './parts';

/** Takes a kept paper out of the library; answers whether it did. */
export async function removePaper(parts: AddParts, arg: PaperArgument): Promise<boolean> {
  const paper: Paper | undefined = await resolvePaper(parts, arg, 'Remove from Library');
  if (!paper) return false;
  if (!(await parts.web.forget(paper))) {
    const from = paper.entries?.length ? 'your bibliography, where it can be removed'
      : paper.web ? 'the day Daily Papers shows, and leaves the library with it' : 'the papers Papers ships with';
    throw new UserError(`${paper.key} was not added to the library: it comes from ${from}.`);
  }
  parts.log.info(`Removed ${paper.key} from the library`);
  vscode.window.setStatusBarMessage(`$(check) Removed ${paper.key} from the library`, 4000);
  return true;
}
