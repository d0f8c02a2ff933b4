// What the tests and the bench read of the providers while they run: kept in one leaf so that the
// providers record and host/testing.ts reports without either importing the other.

/** How long the providers themselves took (ms), the latest first: the bench reports them beside VS Code's round trip. */
export const providerTimes = {
  hover: [] as number[],
  completion: [] as number[],
  record(kind: 'hover' | 'completion', ms: number): void {
    const list = this[kind];
    list.unshift(ms);
    if (list.length > 200) list.length = 200;
  },
};

/** What Open PDF last handed over, latest last: the file or link, and whether VS Code or the system (or the browser) opens it. */
export const openedFiles: { uri: string; via: 'editor' | 'external' | 'none' }[] = [];

/** The warnings commands showed the writer (a `UserError`'s message), latest last. */
export const warningsShown: string[] = [];
