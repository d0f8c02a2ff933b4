// Every registration has an owner that disposes it (markdown-language-features' util/dispose.ts):
// a class that holds subscriptions extends `Disposable` and registers them as it makes them,
// rather than listing them again in a hand-written dispose().

/** Anything with a `dispose` (a VS Code Disposable, an EventEmitter, a Delayer). */
export interface IDisposable {
  dispose(): void;
}

/** Disposes each, in order, going on past one that throws (the first error is thrown after). */
export function disposeAll(disposables: Iterable<IDisposable>): void {
  let first: unknown;
  for (const d of disposables) {
    try {
      d.dispose();
    } catch (error) {
      first ??= error;
    }
  }
  if (first !== undefined) throw first;
}

export abstract class Disposable implements IDisposable {
  private disposed = false;
  private readonly owned: IDisposable[] = [];

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    disposeAll(this.owned.splice(0));
  }

  /** Takes `value` to dispose with this object; returns it, so fields can be made in one line. */
  protected register<T extends IDisposable>(value: T): T {
    if (this.disposed) value.dispose();
    else this.owned.push(value);
    return value;
  }

  protected get isDisposed(): boolean {
    return this.disposed;
  }
}
