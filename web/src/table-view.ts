/**
 * Every table on every page: a {@link TableDoc} written by the shared formatter (protocol/table-format.ts, the
 * CLI's too), in a box that scrolls sideways rather than widening the page, with sticky headers, columns sorted
 * by a click on their header, and long ids shortened with the whole id on hover and a copy button.
 */
import { columnHeader, formatRows, shortId, type TableDoc } from '../../protocol/table-format.js';
import { h } from './dom.js';

/** Per column index: a row's cell as a link (its href from the row's index), and the link's test id. */
export type CellLinks = Readonly<Record<number, { readonly href: (row: number) => string | undefined; readonly testid?: string }>>;

function copyButton(text: string): HTMLButtonElement {
  const b = h('button', { type: 'button', class: 'copy', title: `copy ${text}`, 'data-testid': 'copy-id' }, 'copy');
  b.addEventListener('click', (e) => {
    e.preventDefault();
    e.stopPropagation();
    void navigator.clipboard?.writeText(text).then(() => (b.textContent = 'copied'), () => undefined);
  });
  return b;
}

/** The table of `doc` with its title; `testid` names the table element for tests. */
export function tableView(doc: TableDoc, testid?: string, links: CellLinks = {}): HTMLElement {
  const cells = formatRows(doc);
  const order = cells.map((_, i) => i);
  const tbody = h('tbody');
  let sortBy = -1;
  let dir = 1;
  const heads = doc.columns.map((c, i) =>
    h('th', { title: c.note ?? columnHeader(c), class: c.kind === 'text' || c.kind === 'id' || c.kind === 'date' ? '' : 'num', 'data-col': i, onclick: (() => sort(i)) as EventListener }, columnHeader(c)),
  );
  const render = (): void => {
    tbody.replaceChildren(
      ...order.map((r) =>
        h(
          'tr',
          {},
          ...cells[r]!.map((cell, i) => {
            const kind = doc.columns[i]!.kind;
            const link = links[i];
            const href = link?.href(r);
            const text = kind === 'id' ? shortId(cell.full) : cell.text;
            const content = href ? h('a', { href, 'data-testid': link?.testid, 'data-id': cell.full }, text) : text;
            const td = h('td', { class: kind === 'text' || kind === 'id' || kind === 'date' ? '' : 'num', title: cell.full !== text ? cell.full : undefined }, content);
            if (kind === 'id' && cell.full !== text) td.append(copyButton(cell.full));
            return td;
          }),
        ),
      ),
    );
  };
  const sort = (col: number): void => {
    dir = sortBy === col ? -dir : 1;
    sortBy = col;
    order.sort((a, b) => {
      const x = cells[a]![col]!.sort;
      const y = cells[b]![col]!.sort;
      if (x === y) return a - b;
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * dir;
    });
    heads.forEach((th, i) => th.setAttribute('aria-sort', i === col ? (dir > 0 ? 'ascending' : 'descending') : 'none'));
    render();
  };
  render();
  const table = h('table', { 'data-testid': testid }, h('thead', {}, h('tr', {}, ...heads)), tbody);
  return h('section', { class: 'table-box' }, doc.title ? h('h2', {}, doc.title) : undefined, h('div', { class: 'table-wrap' }, table), doc.note ? h('p', { class: 'note' }, doc.note) : undefined);
}
