/** A tiny element builder: tag, attributes (`on*` are listeners), children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | number | boolean | EventListener | undefined> = {}, ...children: (Node | string | undefined)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== undefined) el.append(c);
  return el;
}

/** A table from a header row and body rows. */
export function table(head: readonly string[], rows: readonly (readonly (string | number | Node)[])[], testid?: string): HTMLTableElement {
  return h(
    'table',
    { 'data-testid': testid },
    h('thead', {}, h('tr', {}, ...head.map((c) => h('th', {}, c)))),
    h('tbody', {}, ...rows.map((r) => h('tr', {}, ...r.map((c) => h('td', {}, typeof c === 'number' ? fmt(c) : c))))),
  );
}

/** A number for a table cell: integers as they are, others to 3 decimals. */
export function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(3);
}
