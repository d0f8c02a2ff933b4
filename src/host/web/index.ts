// The web feature: papers fetched from Hugging Face, arXiv, Crossref and doi.org join the library:
// the Daily Papers node's commands, Add Paper, Look Up, Remove from Library and pasted links; a
// paper's neighbourhood (the details view's sections, the Papers view's walk) and Suggest Citations.
// Nothing here fetches until the user asks. The fetched papers (WebPapers), the Daily Papers node's
// source (DailyPapers) and the pick's web search (HuggingFaceSearch) are made by host/features/start.ts,
// which hands them to the features that show them.
import vscode = require('vscode');
import { Settings } from '../ids';
import { registerCommands } from '../util/commands';
import { AddPaperCommand, AddPaperForKeyCommand, ClearScholarKeyCommand, LookUpPaperCommand, OpenOnHubCommand, RecommendForReadingListCommand, RecommendLikeTheseCommand, RemovePaperCommand, SetScholarKeyCommand, SuggestCitationsCommand } from './commands';
import { dailyCommands } from './dailyCommands';
import type { WebParts } from './parts';

export { DailyPapers } from './daily';
export { WebPapers } from './papers';
export { HuggingFaceSearch } from './search';
export { Neighbourhoods } from './neighbourhood';
export { NeighbourWalk } from './neighbourWalk';
export { Suggestions } from './suggestions';
export { PaperPasteProvider } from './paste';
export type { WebParts } from './parts';

export function registerWeb(parts: WebParts): vscode.Disposable {
  const { web, daily, readingList, log, neighbourhoods, suggestions } = parts;
  const restoreKept = () => void web.restore().catch(error => log.warn(`Could not bring back the papers kept from the web: ${(error as Error).message}`));
  // The papers kept in earlier sessions join the library from the global storage, after activation.
  const restore = setTimeout(restoreKept, 0);
  return vscode.Disposable.from(
    { dispose: () => clearTimeout(restore) },
    // A paper of a day, starred, stays in the library after the day is closed and in the next session.
    readingList.onDidChange(() => void web.keepAmong(readingList.ids()).catch(error => log.warn(`Could not keep a starred paper: ${(error as Error).message}`))),
    // Turned off, the network is not used and what was fetched leaves the library (the cache keeps it).
    vscode.workspace.onDidChangeConfiguration(e => {
      if (!e.affectsConfiguration(`${Settings.section}.${Settings.webEnabled}`)) return;
      if (web.enabled) return restoreKept();
      daily.reset();
      void web.clear().catch(error => log.warn(`Could not take the fetched papers out of the library: ${(error as Error).message}`));
    }),
    registerCommands(log, [
      new AddPaperCommand(parts),
      new AddPaperForKeyCommand(parts),
      new RemovePaperCommand(parts),
      new LookUpPaperCommand(parts),
      new SuggestCitationsCommand(suggestions),
      new RecommendForReadingListCommand(suggestions, readingList),
      new RecommendLikeTheseCommand(parts, suggestions),
      new OpenOnHubCommand(web),
      new SetScholarKeyCommand(neighbourhoods),
      new ClearScholarKeyCommand(neighbourhoods),
      ...dailyCommands(parts),
    ]),
  );
}
