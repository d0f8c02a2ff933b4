// Titles of English entries made sentence case, as pandoc does when it reads a .bib file: CSL
// styles expect sentence case and turn it into title case themselves, never the other way. A word
// written with a capital only (a "Capitalised" word) is lowered unless it starts a sentence;
// words with other capitals ("BERT", "iPhone") and braced text (`{Bayesian}`) are kept. The
// states and rules are those of citeproc's (Haskell) sentence case, which pandoc uses, so that a
// reference reads here as it does in pandoc's output.
import type { Inline } from '../latex/inlines';

type State = 'start' | 'startSentence' | 'afterWordEnd' | 'afterWordChar' | 'afterSentencePunctuation' | 'beforeLastWord';

const ALNUM = /^[\p{L}\p{N}]+$/u;
const IS_ALNUM = /[\p{L}\p{N}]/u;
const UPPER = /[\p{Lu}\p{Lt}]/u;
const LOWER = /^\p{Ll}*$/u;
const WORD_BREAK = /[-/\u2013\u2014\s]/;
/** Runs of letters and digits, runs of spaces, and every other character alone. */
const RUNS = /[\p{L}\p{N}]+|\s+|[^\p{L}\p{N}\s]/gu;

const isCapitalised = (word: string) => UPPER.test(word[0]) && LOWER.test(word.slice(1));
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

class SentenceCase {
  #state: State = 'start';

  /** One run of text: the state moves on by its last character; a word is changed by the state before it. */
  #run(text: string): string {
    const before = this.#state;
    const last = text[text.length - 1];
    if (last === '.' || last === '?' || last === '!' || last === ':') this.#state = 'afterSentencePunctuation';
    else if (IS_ALNUM.test(last)) this.#state = 'afterWordChar';
    else if (/\s/.test(last) && before === 'afterSentencePunctuation') this.#state = 'startSentence';
    else if (WORD_BREAK.test(last)) this.#state = 'afterWordEnd';
    if (!ALNUM.test(text)) return text;
    const starts = before === 'start' || before === 'startSentence';
    if (isCapitalised(text) && !starts) return text.toLowerCase();
    if ((isCapitalised(text) || LOWER.test(text)) && starts) return capitalise(text.toLowerCase());
    return text;
  }

  #text(text: string): string {
    return text.match(RUNS)?.map(r => this.#run(r)).join('') ?? text;
  }

  /** Text that keeps its case moves the state on all the same. */
  #pass(inline: Inline): Inline {
    const text = textOf(inline);
    if (text) this.#run(text);
    return inline;
  }

  inline(x: Inline): Inline {
    switch (x.kind) {
      case 'text': return { kind: 'text', text: this.#text(x.text) };
      case 'space': this.#run(' '); return x;
      case 'verbatim': return x;
      case 'nocase': case 'group': case 'smallcaps': case 'sup': case 'sub': return this.#pass(x);
      default: return { ...x, content: x.content.map(y => this.inline(y)) };
    }
  }

  /** A whole title: its last word, when plain, is read as the last word (citeproc's rule). */
  title(inlines: readonly Inline[]): Inline[] {
    const last = inlines[inlines.length - 1];
    if (inlines.length > 1 && last.kind === 'text' && !WORD_BREAK.test(last.text)) {
      const out = inlines.slice(0, -1).map(x => this.inline(x));
      if (this.#state === 'afterWordEnd' || this.#state === 'startSentence' || this.#state === 'start') this.#state = 'beforeLastWord';
      out.push(this.inline(last));
      return out;
    }
    return inlines.map(x => this.inline(x));
  }
}

/** The text of plain text inlines within, joined without spaces (as citeproc reads a kept span). */
function textOf(x: Inline): string {
  if (x.kind === 'text') return x.text;
  return 'content' in x ? x.content.map(textOf).join('') : '';
}

/**
 * A title in sentence case, as pandoc makes the titles of English .bib entries.
 *
 * @example stringifyAll(sentenceCase(parseLatex('The {iPhone} Story: A New Approach'))) === 'The iPhone story: A new approach'
 */
export function sentenceCase(inlines: readonly Inline[]): Inline[] {
  return new SentenceCase().title(inlines);
}
