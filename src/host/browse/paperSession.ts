// A part of the details view that follows the paper shown (its neighbourhood, its Zotero item):
// asked once per paper, in a session of its own; shown again (a star, the webview reloaded), the
// paper's last answer is sent again at once rather than asked for again.

/** What a feature opens for one paper: its answers come later, each naming the paper (`id`). */
export interface Session {
  dispose(): void;
}

export class PaperSession<S extends Session, V extends { id: string }> {
  #paperId: string | undefined;
  #session: S | undefined;
  /** The last answer sent for the paper shown (for tests, and to send again when the webview reloads). */
  last: V | undefined;

  /** `post` sends an answer to the view; `shown` is the id of the paper the view shows now. */
  constructor(private readonly post: (view: V) => void, private readonly shown: () => string | undefined) {}

  /** The session of paper `id`, if that is the one followed. */
  of(id: string): S | undefined {
    return this.#paperId === id ? this.#session : undefined;
  }

  /** The session followed, whichever paper it is for. */
  get session(): S | undefined {
    return this.#session;
  }

  /**
   * Follows the paper `id`: another paper's session ends and `open` starts this one's (it may
   * have none: undefined); for the paper already followed, its last answer is sent again.
   * Returns whether a session was opened.
   */
  follow(id: string, open: (post: (view: V) => void) => S | undefined): boolean {
    if (this.#paperId === id) {
      if (this.last?.id === id) this.post(this.last);
      return false;
    }
    this.dispose();
    const session = open(view => {
      // An answer of a session since ended, or for a paper no longer shown, is not sent.
      if (this.#session !== session || view.id !== this.shown()) return;
      this.last = view;
      this.post(view);
    });
    this.#paperId = id;
    this.#session = session;
    return true;
  }

  dispose(): void {
    this.#session?.dispose();
    this.#session = undefined;
    this.#paperId = undefined;
    this.last = undefined;
  }
}
