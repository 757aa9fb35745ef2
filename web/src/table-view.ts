/**
 * Every table on every page: a {@link TableDoc} written by the shared formatter (protocol/table-format.ts, the
 * CLI's too), in a box that scrolls sideways rather than widening the page, with sticky headers, columns sorted
 * by a click on their header, long ids shortened with the whole id on hover and a copy button, and related
 * values stacked in one cell (a column marked `under` as a smaller second line) so a wide table fits the page.
 */
import { columnHeader, EMPTY_CELL, formatRows, shortId, type FormattedCell, type TableColumn, type TableDoc } from '../../protocol/table-format.js';
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

const LEFT = new Set(['text', 'id', 'date']);

/** One formatted value as shown in a cell: a shortened id with a copy button, a link where asked. */
function cellNodes(cell: FormattedCell, column: TableColumn, href: string | undefined, testid: string | undefined): { nodes: (Node | string)[]; title: string | undefined } {
  const text = column.kind === 'id' ? shortId(cell.full, column.maxChars, column.cut) : cell.text;
  const content = href ? h('a', { href, 'data-testid': testid, 'data-id': cell.full }, text) : column.kind === 'id' ? h('span', { 'data-id': cell.full }, text) : text;
  const shortened = column.kind === 'id' && cell.full !== text;
  return { nodes: shortened ? [content, copyButton(cell.full)] : [content], title: cell.full !== text ? cell.full : undefined };
}

/**
 * The table of `doc` with its title; `testid` names the table element for tests. A column marked `under` is
 * shown as a second, smaller line in the cell of the column before it, and that cell sorts by its first line.
 */
export function tableView(doc: TableDoc, testid?: string, links: CellLinks = {}): HTMLElement {
  const cells = formatRows(doc);
  const order = cells.map((_, i) => i);
  const tbody = h('tbody');
  let sortBy = -1;
  let dir = 1;
  // Each shown column: the index of its first line and those of the lines under it.
  const groups: { main: number; under: number[] }[] = [];
  doc.columns.forEach((c, i) => {
    const last = groups.at(-1);
    if (c.under === true && last) last.under.push(i);
    else groups.push({ main: i, under: [] });
  });
  const align = (i: number): string => (LEFT.has(doc.columns[i]!.kind) ? '' : 'num');
  const heads = groups.map((g) => {
    const c = doc.columns[g.main]!;
    const title = [c, ...g.under.map((u) => doc.columns[u]!)].map((x) => x.note ?? columnHeader(x)).join('; under it: ');
    return h('th', { title, class: align(g.main), 'data-col': g.main, onclick: (() => sort(g.main)) as EventListener }, columnHeader(c), ...g.under.map((u) => h('span', { class: 'sub' }, columnHeader(doc.columns[u]!))));
  });
  const render = (): void => {
    tbody.replaceChildren(
      ...order.map((r) =>
        h(
          'tr',
          {},
          ...groups.map((g) => {
            const main = cellNodes(cells[r]![g.main]!, doc.columns[g.main]!, links[g.main]?.href(r), links[g.main]?.testid);
            const td = h('td', { class: align(g.main), title: main.title }, ...main.nodes);
            for (const u of g.under) {
              // An empty second line is left out rather than drawn as a dash under every row.
              if (cells[r]![u]!.text === EMPTY_CELL) continue;
              const sub = cellNodes(cells[r]![u]!, doc.columns[u]!, links[u]?.href(r), links[u]?.testid);
              td.append(h('span', { class: 'sub', title: sub.title }, ...sub.nodes));
            }
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
    heads.forEach((th, i) => th.setAttribute('aria-sort', groups[i]!.main === col ? (dir > 0 ? 'ascending' : 'descending') : 'none'));
    render();
  };
  render();
  const table = h('table', { 'data-testid': testid }, h('thead', {}, h('tr', {}, ...heads)), tbody);
  return h('section', { class: 'table-box' }, doc.title ? h('h2', {}, doc.title) : undefined, h('div', { class: 'table-wrap' }, table), doc.note ? h('p', { class: 'note' }, doc.note) : undefined);
}
