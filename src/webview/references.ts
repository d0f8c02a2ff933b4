// Runs inside the references view (Papers: Show References). Receives whole snapshots from the
// host, renders them with DOM APIs only (each formatted entry built as nodes from citeproc-js's
// few tags: citeprocHtml.ts), keeps only which tab is open, and posts the user's intents back.
// No inline handlers: one delegated click listener.
import type { ReferencesIntent, ReferencesMessage, ReferencesView } from '../shared/protocol';
import { referenceNodes } from './citeprocHtml';
import { el } from './dom';

interface VsCodeApi {
  postMessage(message: ReferencesIntent): void;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const app = document.getElementById('app')!;
let tab: 'bibliography' | 'citations' = 'bibliography';
let last: ReferencesView | undefined;


function tabButton(id: typeof tab, label: string): HTMLButtonElement {
  return el('button', label, { type: 'button', role: 'tab', id: `tab-${id}`, 'aria-selected': String(tab === id), 'data-intent': 'tab', 'data-tab': id, 'aria-controls': 'list' });
}

function render(view: ReferencesView): void {
  const header = el('header');
  header.append(el('h1', `References: ${view.document}`), el('p', view.style, { class: 'muted', id: 'style' }));
  const copy = el('div', undefined, { class: 'actions', role: 'toolbar', 'aria-label': 'Copy all references' });
  copy.append(
    el('button', 'Copy All as Text', { type: 'button', 'data-intent': 'copyAll', 'data-form': 'text' }),
    el('button', 'Copy All as HTML', { type: 'button', 'data-intent': 'copyAll', 'data-form': 'html' }),
    el('button', 'Copy All as Markdown', { type: 'button', 'data-intent': 'copyAll', 'data-form': 'markdown' }),
  );
  const tabs = el('div', undefined, { role: 'tablist', class: 'tabs' });
  tabs.append(tabButton('bibliography', `Bibliography (${view.entries.length})`), tabButton('citations', 'Citations'));
  const list = el('ol', undefined, { id: 'list', role: 'tabpanel', class: tab });
  const shown = tab === 'bibliography' ? view.entries : view.citations;
  for (const entry of shown) {
    const li = el('li', undefined, { 'data-key': entry.key });
    const text = el('span', undefined, { class: entry.error ? 'muted' : 'reference' });
    if (entry.error) text.textContent = `${entry.key}: cannot be formatted (${entry.error})`;
    else text.append(...referenceNodes(entry.html));
    li.append(text, ' ', el('button', entry.key, { type: 'button', class: 'link key', 'data-intent': 'goToEntry', 'data-key': entry.key, title: `Go to the entry of ${entry.key}` }));
    list.append(li);
  }
  const parts: Node[] = [header, copy, tabs];
  parts.push(shown.length ? list : el('p', 'The document cites nothing yet.', { class: 'muted', id: 'list' }));
  if (view.missing.length) parts.push(el('p', `Not found in the library: ${view.missing.join(', ')}`, { class: 'muted', id: 'missing' }));
  parts.push(el('footer', view.credit, { class: 'muted credit' }));
  app.replaceChildren(...parts);
  app.setAttribute('aria-busy', 'false');
  vscode.setState({ uri: view.uri });
}

function progress(fraction: number): void {
  app.setAttribute('aria-busy', 'true');
  let bar = document.getElementById('progress') as HTMLProgressElement | null;
  if (!bar) {
    bar = el('progress', undefined, { id: 'progress', max: '1', 'aria-label': 'Formatting the references' });
    app.prepend(bar);
  }
  bar.value = fraction;
}

// Only the extension host posts here, and it built the message from the protocol's types: the shape
// is checked, not validated field by field (zod stays out of this bundle, as in the details view);
// what reaches the host from here is validated with zod there, and every string is rendered as text.
const isMessage = (data: unknown): data is ReferencesMessage => {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as { type?: unknown; view?: unknown; fraction?: unknown };
  return (message.type === 'references' && typeof message.view === 'object' && message.view !== null)
    || (message.type === 'progress' && typeof message.fraction === 'number');
};

window.addEventListener('message', event => {
  const message: unknown = event.data;
  if (!isMessage(message)) {
    console.warn('Papers: dropped a message that is not from the extension', message);
    return;
  }
  if (message.type === 'progress') progress(message.fraction);
  else render(last = message.view);
});

document.addEventListener('click', event => {
  const target = (event.target as Element | null)?.closest<HTMLElement>('[data-intent]');
  if (!target) return;
  event.preventDefault();
  const { intent, key, form } = target.dataset;
  if (intent === 'tab' && (target.dataset.tab === 'bibliography' || target.dataset.tab === 'citations')) {
    tab = target.dataset.tab;
    if (last) render(last);
    document.getElementById(`tab-${tab}`)?.focus();
  } else if (intent === 'goToEntry' && key) vscode.postMessage({ type: 'goToEntry', key });
  else if (intent === 'copyAll' && (form === 'text' || form === 'html' || form === 'markdown')) vscode.postMessage({ type: 'copyAll', form });
});

vscode.postMessage({ type: 'ready' });
