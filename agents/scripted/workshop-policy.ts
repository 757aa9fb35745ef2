/**
 * The scripted policy of the workshop games, parameterised by game: plans each chunk from privileged state.
 * In coop it works with its teammates (the same plan, computed from the same state, hands each a different
 * task) and leaves out a teammate that has not moved or changed hands for a while; in pvp it just races.
 */
import { RunDefaults } from '../../games-manifest/index.js';
import { noopChunk, type Agent, type AgentStart, type Decision, type Observation } from '../../protocol/index.js';
import { planChunk, type PlanTiming } from './workshop-planner.js';
import { Snapshot } from './workshop-snapshot.js';
import { WorkshopView } from './workshop-state.js';

export interface WorkshopPolicyOptions {
  /** The game id this policy plays; observations of another game are answered with no-ops. */
  readonly game: string;
  /** Observations a teammate may stay unchanged before it is left out of the plan; default 3. */
  readonly idleObservations?: number;
}

/** Remembers when each other player last moved or changed what it carries. */
class ActivityTracker {
  private readonly last = new Map<number, { key: string; still: number }>();

  observe(view: WorkshopView, me: number): void {
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

export function createWorkshopPolicy(options: WorkshopPolicyOptions): Agent {
  let timing: PlanTiming = { chunkSteps: 6, stepMs: RunDefaults.stepMs };
  let slot: number | undefined;
  const tracker = new ActivityTracker();
  const limit = options.idleObservations ?? 3;
  return {
    kind: 'scripted',
    privileged: true,
    frameEncoding: 'rgb',
    async start(info: AgentStart) {
      timing = { chunkSteps: info.controls.chunkSteps, stepMs: info.controls.stepMs };
      slot = info.slot;
    },
    async decide(observation: Observation): Promise<Decision> {
      const started = performance.now();
      const parsed = WorkshopView.safeParse(observation.state);
      if (!parsed.success || parsed.data.game !== options.game) {
        return { kind: 'chunk', chunk: noopChunk(timing.chunkSteps), timings: { wallMs: performance.now() - started }, note: `no usable ${options.game} state` };
      }
      const view = parsed.data;
      const me = slot ?? observation.slot;
      tracker.observe(view, me);
      const others = view.players.filter((p) => p.slot !== me).map((p) => p.slot);
      const partners = view.regime === 'coop' ? others.filter((s) => tracker.active(s, limit)) : [];
      const rivals = view.regime === 'pvp' ? others : [];
      const steps = planChunk(new Snapshot(view), { me, partners, rivals }, timing);
      return { kind: 'chunk', chunk: { look: { dx: 0, dy: 0 }, steps }, timings: { wallMs: performance.now() - started } };
    },
    async close() {},
  };
}
