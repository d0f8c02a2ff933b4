// Building the views' DOM: text is always text (textContent), attributes are set one by one,
// and nothing is ever parsed as HTML.

/** Creates an element with text content and attributes; never parses HTML. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, attrs: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

export function section(id: string, heading: string, ...content: Node[]): HTMLElement {
  const s = el('section', undefined, { 'aria-labelledby': id });
  s.append(el('h2', heading, { id }), ...content);
  return s;
}

export function button(label: string, intent: string, paperId: string, extra: Record<string, string> = {}): HTMLButtonElement {
  return el('button', label, { type: 'button', 'data-intent': intent, 'data-id': paperId, ...extra });
}
