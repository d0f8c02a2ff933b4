// Runs inside the details webview. Receives whole snapshots from the host, renders
// them with DOM APIs and textContent only (corpus text never becomes markup), and
// posts the user's intents back. No inline handlers: one delegated click listener.
import { doiLink } from '../shared/doi';
import type { HostMessage, PaperView, ReferenceView, WebviewMessage } from '../shared/protocol';
import { referenceNodes } from './citeprocHtml';
import { button, el, section } from './dom';
import { renderNeighbourhood } from './neighbourhood';
import { renderZotero } from './zotero';

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const app = document.getElementById('app')!;

/** "A, B and C", "A et al.": names as a reader says them. */
function nameList(names: readonly string[], more: boolean): string {
  if (more) return `${names.join(', ')} et al.`;
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0] ?? '';
}

function render(paper: PaperView): void {
  const header = el('header');
  header.append(el('h1', paper.title, { id: 'title' }));

  const meta = el('dl', undefined, { class: 'meta', 'aria-label': 'Paper metadata' });
  const add = (term: string, value: string | null | undefined, id: string) => {
    if (value === null || value === undefined) return;
    // A <div> per pair keeps a term and its value on one line when the row wraps.
    const pair = el('div');
    pair.append(el('dt', term), el('dd', value, { id }));
    meta.append(pair);
  };
  add('Key', paper.key, 'key');
  if (paper.authors.length) add(paper.authors.length === 1 && !paper.moreAuthors ? 'Author' : 'Authors', nameList(paper.authors, paper.moreAuthors), 'authors');
  else add('Authors', paper.authorsCount === null ? null : `${paper.authorsCount} ${paper.authorsCount === 1 ? 'author' : 'authors'}`, 'authors');
  if (paper.editors.length) add(paper.editors.length === 1 ? 'Editor' : 'Editors', nameList(paper.editors, false), 'editors');
  add('Venue', paper.venue, 'venue');
  add('Type', paper.entryType, 'entry-type');
  add('Organisation', paper.organization?.name, 'organization');
  add('Date', paper.date, 'date');
  add('Upvotes', paper.upvotes === null ? null : String(paper.upvotes), 'upvotes');
  add('Note', paper.noted ? '✎ You have a note on it' : null, 'note');
  add('arXiv', paper.arxivId, 'arxiv-id');
  if (paper.doi) {
    // The DOI as a link through doi.org; opened by the host, which checks it is this paper's.
    const pair = el('div');
    const dd = el('dd', undefined, { id: 'doi' });
    const url = doiLink(paper.doi);
    dd.append(el('a', paper.doi, { href: url, 'data-intent': 'openLink', 'data-url': url }));
    pair.append(el('dt', 'DOI'), dd);
    meta.append(pair);
  }
  header.append(meta);

  const actions = el('div', undefined, { class: 'actions', role: 'toolbar', 'aria-label': 'Paper actions' });
  actions.append(
    button('Insert Citation', 'insertCitation', paper.id, { class: 'primary', title: 'Insert a citation into the editor you were last in' }),
    button('Copy Key', 'copyKey', paper.id),
    button('Copy BibTeX', 'copyBibtex', paper.id),
    button(paper.starred ? 'Remove from Reading List' : 'Add to Reading List', 'toggleStar', paper.id, { 'aria-pressed': String(paper.starred), id: 'star' }),
  );
  if (paper.canLookUp) actions.append(button('Look Up Authors', 'lookUp', paper.id, { id: 'look-up', title: 'Find its authors and arXiv id on Hugging Face by its title' }));
  if (paper.kept) actions.append(button('Remove from Library', 'removePaper', paper.id, { id: 'remove', title: 'Added from the web: take it out of the library' }));
  actions.append(
    button(paper.noted ? 'Open Note' : 'Create Note', 'openNote', paper.id, { id: 'open-note', title: paper.noted ? 'Open your note on this paper' : 'Make a note on this paper from the note template, and open it' }),
    button('Open PDF', 'openPdf', paper.id, { id: 'open-pdf', title: 'Open the PDF its entry attaches, or its open-access PDF' }),
  );
  if (paper.entries.length) actions.append(button('Go to Entry', 'goToEntry', paper.id, { 'data-index': '0', id: 'go-to-entry', title: `Open ${paper.entries[0].file} at line ${paper.entries[0].line}` }));
  header.append(actions);

  const parts: Node[] = [header];
  // A Zotero item's fields, tags, notes and PDF: filled in once the host has asked Zotero.
  parts.push(el('div', undefined, { id: 'zotero' }));
  parts.push(section('reference-heading', 'Reference', el('p', 'Formatting…', { id: 'reference', class: 'muted' })));
  if (paper.topics.length) {
    const topics = el('ul', undefined, { class: 'chips' });
    for (const topic of paper.topics) {
      const li = el('li');
      li.append(el('button', topic.label, { type: 'button', class: 'chip', 'data-intent': 'revealTopic', 'data-id': topic.id, title: `Show the topic "${topic.label}" in the Papers view` }));
      topics.append(li);
    }
    parts.push(section('topics-heading', 'Topics', topics));
  }
  parts.push(section('abstract-heading', 'Abstract', paper.abstract
    ? el('p', paper.abstract, { id: 'abstract' })
    : el('p', 'The entry has no abstract.', { id: 'abstract', class: 'muted' })));

  if (paper.links.length) {
    const links = el('ul', undefined, { class: 'links' });
    for (const { label, url } of paper.links) {
      const li = el('li');
      li.append(el('a', label, { href: url, 'data-intent': 'openLink', 'data-url': url, title: url }));
      links.append(li);
    }
    parts.push(section('links-heading', 'Links', links));
  }

  if (paper.related.length) {
    const related = el('ol', undefined, { class: 'related', id: 'related' });
    for (const other of paper.related) {
      const li = el('li');
      li.append(el('button', other.title, { type: 'button', class: 'link', 'data-intent': 'openPaper', 'data-id': other.id }), el('span', ` ${other.key}`, { class: 'muted' }));
      related.append(li);
    }
    parts.push(section('related-heading', 'Related papers', related));
  }

  // What it cites, what cites it, what to read next: filled in as the host's answers arrive.
  parts.push(el('div', undefined, { id: 'neighbourhood' }));

  if (paper.entries.length) {
    // Where each copy comes from: the user's entries, and the corpus page if it lists the paper too.
    const entries = el('ul', undefined, { class: 'entries', id: 'entries' });
    paper.entries.forEach((entry, index) => {
      const li = el('li');
      li.append(el('button', `${entry.file}:${entry.line}`, { type: 'button', class: 'link', 'data-intent': 'goToEntry', 'data-id': paper.id, 'data-index': String(index), title: 'Go to Entry' }));
      if (index > 0) li.append(el('span', ' (defined again: the first entry wins)', { class: 'muted' }));
      entries.append(li);
    });
    parts.push(section('entries-heading', 'In your bibliography', entries));
  }
  if (paper.listed) parts.push(el('footer', `${paper.entries.length ? 'Also listed' : 'Listed'} on Hugging Face Daily Papers · source: ${paper.sources.join(', ')}`, { class: 'muted' }));
  app.replaceChildren(...parts);
  renderNeighbourhood();
  renderZotero();
  app.setAttribute('aria-busy', 'false');
  document.title = paper.title;
  vscode.setState({ paperId: paper.id });
}

/** The reference section's content: the style picker, the formatted reference, the copy buttons and the credit. */
function renderReference(reference: ReferenceView): void {
  const heading = document.getElementById('reference-heading');
  const section = heading?.parentElement;
  if (!section || (app.dataset.paper ?? '') !== reference.id) return;
  const picker = el('select', undefined, { id: 'style', 'aria-label': 'Citation style' });
  for (const choice of reference.styles) {
    const option = el('option', choice.title, { value: choice.id });
    option.selected = choice.id === reference.style;
    picker.append(option);
  }
  const text = el('p', undefined, { id: 'reference', class: reference.error ? 'muted' : 'reference' });
  if (reference.error) text.textContent = `This entry cannot be formatted: ${reference.error}`;
  else text.append(...referenceNodes(reference.html));
  const copy = el('div', undefined, { class: 'actions', role: 'toolbar', 'aria-label': 'Copy the reference' });
  copy.append(
    button('Copy as Text', 'copyReference', reference.id, { 'data-form': 'text' }),
    button('Copy as HTML', 'copyReference', reference.id, { 'data-form': 'html' }),
    button('Copy as Markdown', 'copyReference', reference.id, { 'data-form': 'markdown' }),
  );
  section.replaceChildren(heading, picker, text, copy, el('p', reference.credit, { class: 'muted credit' }));
}

// Only the extension host posts here, and it built the message from a PaperView, so the shape is
// checked, not validated field by field: zod stays out of this bundle (it was 25 of its 31 KB,
// in a VSIX with a 400 KB budget). What reaches the host from here is validated with zod there.
// Every string is still rendered as text (el), whatever it holds.
const isHostMessage = (data: unknown): data is HostMessage => {
  if (typeof data !== 'object' || data === null) return false;
  const { type } = data as { type?: unknown };
  if (type !== 'paper' && type !== 'reference' && type !== 'neighbourhood' && type !== 'zotero') return false;
  const body = (data as Record<string, unknown>)[type];
  return typeof body === 'object' && body !== null;
};

window.addEventListener('message', event => {
  const message: unknown = event.data;
  if (!isHostMessage(message)) {
    console.warn('Papers: dropped a message that is not from the extension', message);
    return;
  }
  if (message.type === 'reference') {
    renderReference(message.reference);
    return;
  }
  if (message.type === 'neighbourhood') {
    renderNeighbourhood(message.neighbourhood);
    return;
  }
  if (message.type === 'zotero') {
    renderZotero(message.zotero);
    return;
  }
  if (message.type === 'paper') {
    const scrolled = document.activeElement;
    app.dataset.paper = message.paper.id;
    render(message.paper);
    window.scrollTo(0, 0);
    if (scrolled instanceof HTMLElement && scrolled.id === 'star') document.getElementById('star')?.focus();
  }
});

document.addEventListener('click', event => {
  const target = (event.target as Element | null)?.closest<HTMLElement>('[data-intent]');
  if (!target) return;
  event.preventDefault();
  const intent = target.dataset.intent;
  const id = target.dataset.id ?? '';
  if (intent === 'openLink') vscode.postMessage({ type: 'openLink', url: target.dataset.url ?? '' });
  else if (intent === 'revealTopic') vscode.postMessage({ type: 'revealTopic', topicId: id });
  else if (intent === 'lookUp' || intent === 'removePaper' || intent === 'keepPaper') vscode.postMessage({ type: intent, id });
  else if (intent === 'moreNeighbours' || intent === 'retryNeighbours') {
    const kind = target.dataset.kind;
    if (kind === 'references' || kind === 'citations' || kind === 'recommended') vscode.postMessage({ type: intent, id, kind });
  }
  else if (intent === 'zotero') {
    const action = target.dataset.action;
    if (action === 'openPdf' || action === 'openPdfHere' || action === 'showInZotero' || action === 'retry') vscode.postMessage({ type: 'zotero', id, action });
  }
  else if (intent === 'setScholarKey') vscode.postMessage({ type: 'setScholarKey' });
  else if (intent === 'goToEntry') vscode.postMessage({ type: 'goToEntry', id, index: Number(target.dataset.index ?? 0) });
  else if (intent === 'copyReference') {
    const form = target.dataset.form;
    if (form === 'text' || form === 'html' || form === 'markdown') vscode.postMessage({ type: 'copyReference', id, form });
  }
  else if (intent === 'openPaper' || intent === 'insertCitation' || intent === 'copyKey' || intent === 'copyBibtex' || intent === 'toggleStar' || intent === 'openNote' || intent === 'openPdf') {
    vscode.postMessage({ type: intent, id });
  }
});

document.addEventListener('change', event => {
  const target = event.target as HTMLSelectElement | null;
  if (target?.id === 'style') vscode.postMessage({ type: 'pickStyle', style: target.value });
});

vscode.postMessage({ type: 'ready' });
