/** Points to progress and outcomes, by regime: solo and coop share of points available, pvp share of points scored. */
import type { PlayerProgress } from '../../protocol/index.js';
import type { SimEnd } from '../runtime/simulation.js';
import type { OrderBook } from './orders.js';
import type { WorkshopRegime } from './variant.js';

/** Progress of each of `slots`, in [0, 1]; `score` is always the slot's own points. */
export function progressOf(regime: WorkshopRegime, orders: OrderBook, slots: readonly number[]): PlayerProgress[] {
  const available = orders.available();
  const total = orders.scored();
  return slots.map((slot) => {
    const own = orders.scored(slot);
    switch (regime) {
      case 'solo':
        return { slot, progress: available > 0 ? Math.min(1, own / available) : 0, score: own };
      case 'coop':
        return { slot, progress: available > 0 ? Math.min(1, total / available) : 0, score: own };
      case 'pvp':
        return { slot, progress: total > 0 ? own / total : 0.5, score: own };
    }
  });
}

/** The outcome of each of `slots` at the end: in pvp by points against every other player in `everyone`, none otherwise. */
export function outcomesOf(regime: WorkshopRegime, orders: OrderBook, slots: readonly number[], everyone: readonly number[] = slots): SimEnd['outcomes'] {
  return slots.map((slot) => {
    if (regime !== 'pvp') return { slot, result: 'none' as const };
    const own = orders.scored(slot);
    const best = Math.max(0, ...everyone.filter((s) => s !== slot).map((s) => orders.scored(s)));
    return { slot, result: own > best ? ('win' as const) : own === best ? ('draw' as const) : ('loss' as const) };
  });
}
