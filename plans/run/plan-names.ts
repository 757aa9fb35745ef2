/**
 * Every plan by name, each loaded only when run: the one list the command line's plan commands and the
 * service's plan process look plans up in (a process loads only the plan it runs).
 */
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import type { Plan } from './plan-io.js';

const PLANS = {
  match: async () => (await import('../match/match-plan.js')).matchPlan,
  tournament: async () => (await import('../tournament/tournament-plan.js')).tournamentPlan,
  curve: async () => (await import('../curve/curve-plan.js')).curvePlan,
  transfer: async () => (await import('../transfer/transfer-plan.js')).transferPlan,
  sweep: async () => (await import('../sweep/sweep-plan.js')).sweepPlan,
  watch: async () => (await import('../watch/watch-plan.js')).watchPlan,
  boards: async () => (await import('../boards/boards-plan.js')).boardsPlan,
  cases: async () => (await import('../cases/cases-task-plan.js')).casesPlan,
} as const;

/** A plan's name. */
export type PlanName = keyof typeof PLANS;

/** Every plan's name, in the order the command line lists their commands. */
export const PLAN_NAMES = Object.keys(PLANS) as PlanName[];

/** Whether `name` names a plan. */
export function isPlanName(name: string): name is PlanName {
  return Object.hasOwn(PLANS, name);
}

/** The plan `name` (loaded now); INTERNAL for a name no plan has (a caller's bug, not input). */
export async function loadPlan(name: string): Promise<Plan<unknown>> {
  if (!isPlanName(name)) throw new ArenaError(ErrorCode.INTERNAL, `no plan is named '${name}'`);
  return await PLANS[name]();
}
