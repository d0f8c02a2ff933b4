// Better BibTeX beside Zotero (src/core/zotero/betterBibtex.ts): when it answers, the items read
// take its citation keys, and citing one appends its own export of the item. A Zotero without it
// (404 on its path, or nothing listening) costs one request a refresh: it is not asked again
// until the next refresh, and everything works as without it.
import vscode = require('vscode');
import type { BbtFlavour } from '../../core/zotero/betterBibtex';
import type { ZoteroInput } from '../../core/zotero/join';
import type { Paper } from '../../core/model/paper';
import type { EntryExport } from '../bibliography/append';
import { engine } from '../engine/load';

/** An export or a page of keys takes BBT well under a second; a stuck one is given up. */
const ANSWER_MS = 10_000;
/** Zotero item keys asked at once (a chunk of a large library: one small request each). */
const KEYS_AT_ONCE = 1000;

export class BetterBibtex implements EntryExport {
  /** Whether BBT answered when last asked; undefined: not asked since the last refresh. */
  #present: boolean | undefined;
  /** The citation keys BBT gave, by Zotero item key: the papers whose entry BBT can export. */
  readonly #keys = new Map<string, string>();

  constructor(private readonly url: () => string, private readonly log: vscode.LogOutputChannel) {}

  /** A new refresh: BBT is asked again (once, if it is not there). */
  forget(): void {
    if (this.#present === false) this.#present = undefined;
  }

  /** Whether BBT answered when last asked (tests and the log). */
  get present(): boolean | undefined {
    return this.#present;
  }

  /**
   * The items with the citation keys BBT gives them (as Zotero 7's own `citationKey` field, which
   * the key rules read first); as they were when BBT is not there or gives none.
   */
  async withKeys(input: ZoteroInput): Promise<ZoteroInput> {
    // The writer's own items only: BBT names a group's item otherwise, and its key may be another item's here.
    const own = input.items.filter(item => item.library?.type !== 'group');
    if (this.#present === false || !own.length) return input;
    const keys: Record<string, string> = {};
    const { citationKeysRequest, readCitationKeys } = engine().betterBibtex;
    for (let i = 0; i < own.length; i += KEYS_AT_ONCE) {
      const answer = await this.#call(citationKeysRequest(own.slice(i, i + KEYS_AT_ONCE).map(item => item.key)));
      if (answer === undefined) return input;
      try {
        Object.assign(keys, readCitationKeys(answer));
      } catch (error) {
        this.log.warn(`Zotero: Better BibTeX's citation keys could not be read (${(error as Error).message}); the items keep their own`);
        return input;
      }
    }
    for (const [item, key] of Object.entries(keys)) this.#keys.set(item, key);
    const items = input.items.map(item => {
      const key = item.library?.type === 'group' ? undefined : keys[item.key];
      return key && key !== item.data.citationKey ? { ...item, data: { ...item.data, citationKey: key } } : item;
    });
    return { ...input, items };
  }

  /**
   * The papers with BBT's own export of each Zotero item BBT keyed, in the flavour the bibliography
   * uses: its text for a .bib file, its item for CSL-JSON. A paper BBT cannot export (not there
   * any more, the key changed) keeps our conversion.
   */
  async entries(papers: readonly Paper[], kind: 'bib' | 'csl-json', flavour: 'bibtex' | 'biblatex'): Promise<readonly Paper[]> {
    if (!this.#present) return papers;
    const bbt: BbtFlavour = kind === 'csl-json' ? 'csl-json' : flavour;
    const { exportRequest, readExport, exportedEntry } = engine().betterBibtex;
    const out: Paper[] = [];
    for (const paper of papers) {
      const itemKey = /^zotero:\/\/select\/library\/items\/([A-Z0-9]{8})$/.exec(paper.sources[0]?.file ?? '')?.[1];
      if (!paper.reference || !itemKey || this.#keys.get(itemKey) !== paper.key) { out.push(paper); continue; }
      const answer = await this.#call(exportRequest([paper.key], bbt));
      let entry;
      try {
        entry = answer === undefined ? undefined : exportedEntry(readExport(answer), paper.key, bbt);
      } catch (error) {
        this.log.warn(`Zotero: Better BibTeX could not export ${paper.key} (${(error as Error).message}); Papers writes its entry from the item`);
      }
      if (!entry) { out.push(paper); continue; }
      out.push({ ...paper, reference: { ...paper.reference, ...('raw' in entry ? { raw: entry.raw } : { exportedItem: entry.item }) } });
    }
    return out;
  }

  /** One JSON-RPC call; undefined when BBT is not there (and then it is not asked again this refresh). */
  async #call(body: unknown): Promise<unknown> {
    if (this.#present === false) return undefined;
    const url = `${this.url()}${engine().betterBibtex.BBT_PATH}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(ANSWER_MS),
      });
    } catch (error) {
      this.#absent(`${url}: ${(error as Error).message}`);
      return undefined;
    }
    if (!response.ok) {
      this.#absent(`${url} answered HTTP ${response.status}`);
      return undefined;
    }
    try {
      const answer: unknown = await response.json();
      if (!this.#present) this.log.info(`Zotero: Better BibTeX answers at ${url}: its citation keys and exports are used`);
      this.#present = true;
      return answer;
    } catch {
      this.#absent(`${url} answered with something that is not JSON`);
      return undefined;
    }
  }

  #absent(why: string): void {
    if (this.#present !== false) this.log.info(`Zotero: no Better BibTeX (${why}): keys and entries are Papers' own`);
    this.#present = false;
    this.#keys.clear();
  }
}
