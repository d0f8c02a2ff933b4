// The two timing helpers the host needs, kept as VS Code's own extensions keep theirs
// (markdown-language-features' util/async.ts): a delayer for bursts of events, and a serial
// queue for work that must not overlap. No vscode import: unit tests drive them in plain Node.

/**
 * Runs a task once a burst of triggers has gone quiet: each `trigger` pushes the run back by
 * `delay` ms, and the latest task given is the one that runs.
 *
 * @example const saves = new Delayer(300); saves.trigger(() => reload()); saves.trigger(() => reload()); // one reload, 300 ms after the second
 */
export class Delayer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private task: (() => void) | undefined;

  constructor(private readonly delay: number) {}

  /** (Re)starts the wait; `task` replaces any task still waiting. */
  trigger(task: () => void, delay = this.delay): void {
    this.task = task;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), delay);
  }

  /** Whether a task waits to run. */
  get isTriggered(): boolean {
    return this.task !== undefined;
  }

  /** Runs the waiting task now, if there is one. */
  flush(): void {
    clearTimeout(this.timer);
    this.run();
  }

  /** Drops the waiting task. */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.task = undefined;
  }

  dispose(): void {
    this.cancel();
  }

  private run(): void {
    const task = this.task;
    this.timer = undefined;
    this.task = undefined;
    task?.();
  }
}

/**
 * Runs tasks one after another, each once the one before has settled (a failure does not stop
 * the queue: it is given to `onError`, and the caller of `queue` sees it too).
 *
 * @example const queue = new Sequencer(); queue.queue(() => load(a)); queue.queue(() => load(b)); await queue.settled(); // a, then b
 */
export class Sequencer {
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly onError: (error: unknown) => void = () => undefined) {}

  /** Runs `task` after every task queued before it; resolves or rejects with its result. */
  queue<T>(task: () => T | Promise<T>): Promise<T> {
    const run = this.last.then(task);
    this.last = run.catch(this.onError);
    return run;
  }

  /** Resolves once the queue is empty: also after tasks queued while it waited. */
  async settled(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = this.last;
      await seen;
    } while (seen !== this.last);
  }

  /** The latest task's end (settled, never rejecting): what a caller waits behind without waiting for later tasks. */
  get current(): Promise<unknown> {
    return this.last;
  }
}
