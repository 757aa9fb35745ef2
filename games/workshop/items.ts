/** Items a player carries: a kind ("GEAR", "SWORD") in a basic or High-grade version. */

export interface Item {
  readonly kind: string;
  readonly high: boolean;
}

/** The on-screen and prompt name of an item, e.g. "HIGH-GRADE GEAR". */
export function itemLabel(item: Item): string {
  return item.high ? `HIGH-GRADE ${item.kind}` : item.kind;
}

/** Whether two items are the same kind and grade. */
export function sameItem(a: Item, b: Item): boolean {
  return a.kind === b.kind && a.high === b.high;
}
