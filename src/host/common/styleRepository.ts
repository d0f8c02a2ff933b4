// The CSL styles repository, reached only when a style Papers does not ship is asked for: its list
// (dist/csl-styles.tsv, a snapshot shipped with the extension, read on first need: never at
// activation) finds a style by id or title, and the style itself is fetched from the repository
// (papers.web.cslStylesUrl: raw.githubusercontent.com's copy, or a mirror laid out the same way) and
// kept in the extension's global storage, so that it works offline from then on.
import vscode = require('vscode');
import type { RepositoryStyle } from '../../core/styles/repository';
import { engineLoaded } from '../engine/load';
import { Settings } from '../ids';
import { readText } from '../util/disk';

/** The list as shipped (src/build/stylesBuild.ts copies it from src/data/styles/repository.tsv). */
const STYLE_LIST = 'csl-styles.tsv';

/** A style's XML, and where it came from as the writer is told (`ieee-access.csl (fetched)`). */
export interface StyleFile { xml: string; file: string }

/** Why a style could not be had: said in a warning and a problem. */
export interface NotFetched { reason: string }

export class StyleRepository {
  private list: Promise<readonly RepositoryStyle[]> | undefined;
  private finder: Promise<(name: string) => RepositoryStyle | undefined> | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri, private readonly log: vscode.LogOutputChannel,
    /** Where fetched styles are kept (the extension's global storage). */
    private readonly storage?: vscode.Uri,
  ) {}

  /** Every style of the repository, read once from the shipped list; empty (and logged) if it cannot be read. */
  styles(): Promise<readonly RepositoryStyle[]> {
    this.list ??= (async () => {
      const [text, { styles }] = await Promise.all([readText(vscode.Uri.joinPath(this.extensionUri, 'dist', STYLE_LIST)), engineLoaded()]);
      if (text === undefined) {
        this.log.warn(`The list of the CSL repository's styles (dist/${STYLE_LIST}) cannot be read: styles can be named by their .csl file only.`);
        return [];
      }
      return styles.readStyleList(text);
    })();
    return this.list;
  }

  /** The repository's style a writer names (an id, a title, a style's URL), if there is one. */
  async find(name: string): Promise<RepositoryStyle | undefined> {
    this.finder ??= Promise.all([this.styles(), engineLoaded()]).then(([list, { styles }]) => styles.styleFinder(list));
    return (await this.finder)(name);
  }

  /** A style of the repository: the copy kept from an earlier fetch, else fetched now (when the network may be used) and kept. */
  async fetch(style: Pick<RepositoryStyle, 'id' | 'parent'>): Promise<StyleFile | NotFetched> {
    const file = `${style.id}.csl (fetched)`;
    const kept = this.storage && vscode.Uri.joinPath(this.storage, 'styles', `${style.id}.csl`);
    const cached = kept && await readText(kept);
    if (cached !== undefined) return { xml: cached, file };
    const config = vscode.workspace.getConfiguration(Settings.section);
    if (!config.get<boolean>(Settings.webEnabled, true)) return { reason: 'it has not been fetched yet and papers.web.enabled is off' };
    const { CSL_STYLES_URL, fetchStyleXml, repositoryStyleUrl } = (await engineLoaded()).styles;
    const url = repositoryStyleUrl((config.get<string>(Settings.cslStylesUrl) ?? '').trim() || CSL_STYLES_URL, style);
    try {
      const xml = await fetchStyleXml(url);
      if (kept) await Promise.resolve(vscode.workspace.fs.writeFile(kept, new TextEncoder().encode(xml))).catch(error => this.log.warn(`Could not keep the style ${style.id}: ${(error as Error).message}`));
      this.log.info(`Fetched the citation style ${style.id} from ${url}.`);
      return { xml, file };
    } catch (error) {
      const reason = `${url} could not be fetched (${error instanceof Error ? error.message : String(error)})`;
      this.log.warn(`Could not fetch the citation style ${style.id}: ${reason}`);
      return { reason };
    }
  }
}
