// Starting the engine worker with the bundled papers, once per worker: they are searched there
// at once, before the user's files are merged in. A load that fails, or one overtaken by a stop,
// is told apart by its attempt number; the store decides what serves meanwhile.
import type { EngineClient } from '../engine/client';
import type { ShippedLibrary } from './bundled';
import { ownCopy } from './userFiles';

export interface WorkerEvents {
  /** The worker is being given the bundled papers. */
  starting(): void;
  /** It holds them (`size` papers), and this load was not dropped meanwhile. */
  loaded(size: number): void;
  /** The load failed: the next request tries again; meanwhile the host's own papers serve. */
  failed(): void;
}

export class WorkerStart {
  /** The worker started and given the bundled papers; undefined once it stops. */
  private load: Promise<void> | undefined;
  /** Settles once that worker was sent the bundled papers: what is asked after goes to it behind them. */
  private posted: Promise<void> = Promise.resolve();
  /** Counts the loads, so that one dropped meanwhile is told apart. */
  private attempt = 0;

  constructor(private readonly client: EngineClient, private readonly shipped: ShippedLibrary, private readonly events: WorkerEvents) {}

  /** Whether a worker is started (or starting) with the bundled papers. */
  get started(): boolean {
    return this.load !== undefined;
  }

  /** Starts the worker and gives it the bundled papers, once per worker; resolves once it holds them. */
  start(): Promise<void> {
    if (!this.load) {
      let posted!: () => void;
      this.posted = new Promise<void>(resolve => { posted = resolve; });
      const load = this.run(++this.attempt, posted);
      this.load = load;
      load.catch(() => { if (this.load === load) this.events.failed(); });
    }
    return this.load;
  }

  /** Resolves once the worker was sent the bundled papers, or holds them (whichever comes first). */
  async sent(): Promise<void> {
    await Promise.race([this.start(), this.posted]);
  }

  /** Forgets the worker's load (it stopped, or is not needed): a load still under way is dropped. */
  drop(): void {
    this.load = undefined;
    this.attempt++;
  }

  private async run(attempt: number, posted: () => void): Promise<void> {
    // The worker boots (its script is evaluated) while the shipped files are read, not after.
    this.client.warmUp().catch(() => undefined);
    const library = await this.shipped.read();
    this.events.starting();
    const loading = this.client.request({ type: 'load', library: ownCopy(library) });
    posted();
    const size = await loading;
    if (attempt === this.attempt) this.events.loaded(size);
  }
}
