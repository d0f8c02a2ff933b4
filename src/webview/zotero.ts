// The details view's section of a Zotero item: its fields as Zotero names them, its tags, its notes
// (text the host made of Zotero's HTML, set as text here too), and the buttons that open its PDF in
// Zotero or in VS Code and show it in Zotero. Filled in when the host has read the item's children.
import type { ZoteroView } from '../shared/protocol';
import { button, el, section } from './dom';

let last: ZoteroView | undefined;

/** Fills the view's Zotero section with `view` (or the last one, after the paper was shown again). */
export function renderZotero(view: ZoteroView | undefined = last): void {
  const box = document.getElementById('zotero');
  if (!view || !box || document.getElementById('app')?.dataset.paper !== view.id) return;
  last = view;
  const content: Node[] = [];
  const actions = el('div', undefined, { class: 'actions', role: 'toolbar', 'aria-label': 'Zotero actions' });
  const act = (label: string, action: string, extra: Record<string, string>) => button(label, 'zotero', view.id, { 'data-action': action, ...extra });
  if (view.pdf) {
    actions.append(act('Open PDF', 'openPdf', { id: 'zotero-open-pdf', class: 'primary', title: view.pdf.title }));
    if (view.pdf.local) actions.append(act('Open PDF in VS Code', 'openPdfHere', { id: 'zotero-open-pdf-here', title: view.pdf.title }));
  }
  actions.append(act('Show in Zotero', 'showInZotero', { id: 'zotero-select' }));
  content.push(actions);
  if (view.message) content.push(el('p', view.message, { class: view.state === 'error' ? 'error' : 'muted', role: view.state === 'error' ? 'alert' : 'status' }));
  if (view.state === 'error') content.push(act('Retry', 'retry', { id: 'zotero-retry' }));
  if (view.fields.length) {
    const fields = el('dl', undefined, { class: 'meta', id: 'zotero-fields', 'aria-label': 'Zotero fields' });
    for (const field of view.fields) {
      const pair = el('div');
      pair.append(el('dt', field.label), el('dd', field.value));
      fields.append(pair);
    }
    content.push(fields);
  }
  if (view.tags.length) {
    const tags = el('ul', undefined, { class: 'chips', id: 'zotero-tags', 'aria-label': 'Tags' });
    for (const tag of view.tags) tags.append(el('li', tag, { class: 'chip' }));
    content.push(tags);
  }
  if (view.state === 'loading') content.push(el('p', 'Reading Zotero…', { class: 'muted loading', role: 'status' }));
  if (view.notes.length) {
    const notes = el('div', undefined, { id: 'zotero-notes' });
    notes.append(el('h3', 'Notes'));
    for (const note of view.notes) notes.append(el('p', note, { class: 'zotero-note' }));
    content.push(notes);
  }
  const out = section('zotero-heading', 'In Zotero', ...content);
  out.id = 'zotero-section';
  box.replaceChildren(out);
}
