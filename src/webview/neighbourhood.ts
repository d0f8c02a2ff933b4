// The details view's neighbourhood of the paper: its counts and one-line summary, then what it
// cites, what cites it and what to read next, each section with its own progress, error and
// retry, then the Hub's models, datasets and Spaces. Sorting and filtering happen here, on what
// the host sent; every text is set as text.
import type { NeighbourhoodView, NeighbourKind, NeighbourView } from '../shared/protocol';
import { button, el, section } from './dom';

const HEADINGS: Record<NeighbourKind, string> = { references: 'References', citations: 'Cited by', recommended: 'Recommended' };
const EMPTY: Record<NeighbourKind, string> = {
  references: 'Semantic Scholar lists no references for this paper.',
  citations: 'Semantic Scholar knows no paper that cites it yet.',
  recommended: 'Semantic Scholar has no recommendations for it.',
};
type Sort = 'relevance' | 'citations' | 'year' | 'influence';

let last: NeighbourhoodView | undefined;
let sort: Sort = 'relevance';
let filter = '';

const number = (n: number) => n.toLocaleString('en');

function sorted(items: readonly NeighbourView[]): NeighbourView[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = items.filter(item => words.every(word => `${item.title} ${item.authors} ${item.venue ?? ''} ${item.year ?? ''} ${item.key}`.toLowerCase().includes(word)));
  if (sort === 'citations') return shown.sort((a, b) => (b.citations ?? -1) - (a.citations ?? -1));
  if (sort === 'year') return shown.sort((a, b) => (b.year ?? 0) - (a.year ?? 0));
  if (sort === 'influence') return shown.sort((a, b) => Number(b.influential) - Number(a.influential) || (b.citations ?? -1) - (a.citations ?? -1));
  return shown;
}

function item(neighbour: NeighbourView, paperId: string): HTMLLIElement {
  const li = el('li', undefined, { class: 'neighbour' });
  li.append(el('button', neighbour.title, { type: 'button', class: 'link', 'data-intent': 'openPaper', 'data-id': neighbour.id, title: 'Open its details' }));
  const facts = [neighbour.authors, neighbour.year === null ? '' : String(neighbour.year), neighbour.venue ?? '',
    neighbour.citations === null ? '' : `${number(neighbour.citations)} ${neighbour.citations === 1 ? 'citation' : 'citations'}`].filter(Boolean);
  const meta = el('div', facts.join(' · '), { class: 'muted' });
  if (neighbour.influential) meta.append(' ', el('span', 'influential', { class: 'badge', title: 'Semantic Scholar marks this citation influential' }));
  if (neighbour.inLibrary) meta.append(' ', el('span', `in your library: ${neighbour.key}`, { class: 'badge' }));
  if (neighbour.cited) meta.append(' ', el('span', 'cited here', { class: 'badge', title: 'Cited in the document you were last in' }));
  else if (neighbour.citedInProject) meta.append(' ', el('span', 'cited in the project', { class: 'badge', title: 'Cited in another document of the project of the document you were last in' }));
  const actions = el('span', undefined, { class: 'neighbour-actions' });
  actions.append(button('Cite', 'insertCitation', neighbour.id, { title: `Insert a citation of ${neighbour.key} into the editor you were last in` }));
  if (!neighbour.inLibrary) actions.append(button('Add to Library', 'keepPaper', neighbour.id, { title: 'Keep it in the library, in this session and the next' }));
  li.append(meta, actions);
  li.dataset.paper = paperId;
  return li;
}

function neighbourSection(view: NeighbourhoodView, s: NeighbourhoodView['sections'][number]): HTMLElement {
  const id = `${s.kind}-heading`;
  const shown = sorted(s.items);
  const heading = s.items.length ? `${HEADINGS[s.kind]} (${s.items.length}${s.more ? '+' : ''})` : HEADINGS[s.kind];
  const content: Node[] = [];
  if (s.message) content.push(el('p', s.message, { class: s.state === 'error' ? 'error' : 'muted', role: s.state === 'error' ? 'alert' : 'status' }));
  if (s.state === 'error') {
    const actions = el('div', undefined, { class: 'actions' });
    actions.append(button('Retry', 'retryNeighbours', view.id, { 'data-kind': s.kind }));
    if (s.askKey) actions.append(button('Set API Key…', 'setScholarKey', view.id));
    content.push(actions);
  }
  if (shown.length) {
    const list = el('ol', undefined, { class: 'neighbours', id: `${s.kind}-list` });
    list.append(...shown.map(n => item(n, view.id)));
    content.push(list);
  } else if (s.state === 'ready') {
    content.push(el('p', s.items.length ? 'No paper here has those words.' : EMPTY[s.kind], { class: 'muted' }));
  }
  if (s.state === 'loading') content.push(el('p', s.items.length ? 'Loading more…' : 'Loading…', { class: 'muted loading', role: 'status' }));
  else if (s.state === 'ready' && s.more) content.push(button('Show More', 'moreNeighbours', view.id, { 'data-kind': s.kind }));
  const out = section(id, heading, ...content);
  out.id = `${s.kind}-section`;
  return out;
}

function toolbar(): HTMLElement {
  const bar = el('div', undefined, { class: 'actions neighbour-tools', role: 'toolbar', 'aria-label': 'Sort and filter the neighbours' });
  const select = el('select', undefined, { id: 'neighbour-sort', 'aria-label': 'Sort by' });
  for (const [value, label] of [['relevance', 'As Semantic Scholar lists them'], ['citations', 'Most cited first'], ['year', 'Newest first'], ['influence', 'Influential first']] as const) {
    const option = el('option', label, { value });
    option.selected = value === sort;
    select.append(option);
  }
  const input = el('input', undefined, { id: 'neighbour-filter', type: 'search', placeholder: 'Filter by words', 'aria-label': 'Filter by words' });
  input.value = filter;
  bar.append(select, input);
  return bar;
}

/** Fills the view's neighbourhood with `view` (or the last one, after the paper was shown again). */
export function renderNeighbourhood(view: NeighbourhoodView | undefined = last): void {
  const box = document.getElementById('neighbourhood');
  if (!view || !box || document.getElementById('app')?.dataset.paper !== view.id) return;
  if (last?.id !== view.id) filter = '';
  last = view;
  const focused = document.activeElement?.id;
  const parts: Node[] = [];
  if (view.unavailable) {
    parts.push(section('neighbourhood-heading', 'References and citations', el('p', view.unavailable, { class: 'muted', id: 'neighbourhood-unavailable' })));
  } else {
    if (view.found) parts.push(el('p', view.found, { class: 'muted', id: 'neighbourhood-found' }));
    if (view.summary) {
      const { citations, influential, tldr, pdf } = view.summary;
      const facts = [citations === null ? '' : `Cited by ${number(citations)}`, influential ? `${number(influential)} influential` : ''].filter(Boolean).join(' · ');
      const summary = el('div', undefined, { id: 'scholar-summary' });
      if (facts) summary.append(el('p', facts, { class: 'muted' }));
      if (tldr) summary.append(el('p', `TL;DR: ${tldr}`, { id: 'tldr' }));
      if (pdf) summary.append(el('a', 'Open-access PDF', { href: pdf, 'data-intent': 'openLink', 'data-url': pdf, title: pdf }));
      parts.push(section('scholar-heading', 'On Semantic Scholar', summary));
    }
    if (view.sections.some(s => s.items.length > 1)) parts.push(toolbar());
    parts.push(...view.sections.map(s => neighbourSection(view, s)));
    if (view.artefacts) parts.push(artefacts(view.artefacts));
  }
  box.replaceChildren(...parts);
  // Typing in the filter re-renders: the focus stays where the writer was.
  if (focused === 'neighbour-filter' || focused === 'neighbour-sort') {
    const again = document.getElementById(focused);
    again?.focus();
    if (again instanceof HTMLInputElement) again.setSelectionRange(again.value.length, again.value.length);
  }
}

function artefacts(hub: NonNullable<NeighbourhoodView['artefacts']>): HTMLElement {
  const content: Node[] = [];
  if (hub.message) content.push(el('p', hub.message, { class: hub.state === 'error' ? 'error' : 'muted' }));
  if (hub.state === 'loading') content.push(el('p', 'Loading…', { class: 'muted loading', role: 'status' }));
  if (hub.state === 'ready' && !hub.items.length) content.push(el('p', 'No model, dataset or Space on Hugging Face names this paper.', { class: 'muted' }));
  if (hub.items.length) {
    const list = el('ul', undefined, { class: 'links', id: 'artefacts' });
    for (const a of hub.items) {
      const li = el('li');
      const kind = a.kind === 'models' ? 'Model' : a.kind === 'datasets' ? 'Dataset' : 'Space';
      const counts = [a.downloads === null ? '' : `${number(a.downloads)} downloads`, a.likes === null ? '' : `${number(a.likes)} likes`].filter(Boolean).join(' · ');
      li.append(`${kind}: `, el('a', a.id, { href: a.url, 'data-intent': 'openLink', 'data-url': a.url, title: a.url }), el('span', counts ? ` ${counts}` : '', { class: 'muted' }));
      list.append(li);
    }
    content.push(list);
  }
  return section('artefacts-heading', 'On Hugging Face', ...content);
}

document.addEventListener('change', event => {
  const target = event.target as HTMLSelectElement | null;
  if (target?.id !== 'neighbour-sort') return;
  sort = target.value as Sort;
  renderNeighbourhood();
});

document.addEventListener('input', event => {
  const target = event.target as HTMLInputElement | null;
  if (target?.id !== 'neighbour-filter') return;
  filter = target.value;
  renderNeighbourhood();
});
