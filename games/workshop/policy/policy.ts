/**
 * The scripted policy of the workshop games, parameterised by game: plans each chunk from privileged state.
 * In coop it works with its teammates (the same plan, computed from the same state, hands each a different
 * task) and leaves out a teammate that has not moved or changed hands for a while; in pvp it just races.
 */
import type { Agent } from '../../../protocol/index.js';
import { chunkTiming } from '../../common/policy/plan-timing.js';
import { idlePlan, scriptedPolicy } from '../../common/policy/scripted-policy.js';
import { planChunk } from './planner.js';
import { Snapshot } from './snapshot.js';
import { WorkshopState } from '../state.js';

export interface WorkshopPolicyOptions {
  /** The game id this policy plays; observations of another game are answered with no-ops. */
  readonly game: string;
  /** Observations a teammate may stay unchanged before it is left out of the plan; default 3. */
  readonly idleObservations?: number;
}

/** Remembers when each other player last moved or changed what it carries. */
class ActivityTracker {
  private readonly last = new Map<number, { key: string; still: number }>();

  observe(view: WorkshopState, me: number): void {
    for (const p of view.players) {
      if (p.slot === me) continue;
      const key = `${p.x},${p.y},${p.carrying?.kind ?? ''},${p.carrying?.high ?? ''}`;
      const seen = this.last.get(p.slot);
      this.last.set(p.slot, { key, still: seen?.key === key ? seen.still + 1 : 0 });
    }
  }

  /** Whether `slot` changed within the last `limit` observations (a player not yet seen twice counts as active). */
  active(slot: number, limit: number): boolean {
    return (this.last.get(slot)?.still ?? 0) < limit;
  }
}

/** A privileged agent for `options.game` that plans with (or races) the other players from the same state. */
export function createWorkshopPolicy(options: WorkshopPolicyOptions): Agent {
  const tracker = new ActivityTracker();
  const limit = options.idleObservations ?? 3;
  return scriptedPolicy({
    game: options.game,
    schema: WorkshopState,
    timing: chunkTiming(6),
    plan: (view, { timing, slot, observation }) => {
      if (view.game !== options.game) return idlePlan(`no usable ${options.game} state`);
      const me = slot ?? observation.slot;
      tracker.observe(view, me);
      const others = view.players.filter((p) => p.slot !== me).map((p) => p.slot);
      const partners = view.regime === 'coop' ? others.filter((s) => tracker.active(s, limit)) : [];
      const rivals = view.regime === 'pvp' ? others : [];
      const steps = planChunk(new Snapshot(view), { me, partners, rivals }, timing);
      return { look: { dx: 0, dy: 0 }, steps };
    },
  });
}
