/**
 * Plans one chunk for a workshop player: step by step, re-choose the goal on the predicted state, tap F on
 * the step the player stands at the goal and F would act on it, turn towards it first when another station
 * would win, and otherwise walk the move that best closes the walking distance over the step.
 */
import { ticksPerStep, type ChunkTiming } from '../../common/policy/plan-timing.js';
import { moveBody, targetStation, tileOf, type Body } from '../movement.js';
import { potential } from './grid.js';
import type { Snapshot } from './snapshot.js';
import { chooseGoal, type Goal, type TeamView } from './tasks.js';

const MOVES: readonly (readonly [number, number])[] = [[0, 0], [0, -1], [1, 0], [0, 1], [-1, 0], [1, -1], [1, 1], [-1, 1], [-1, -1]];

/** The keys for a move direction, top-down: W up the screen, S down, A left, D right. */
function keysOf(dx: number, dy: number): string[] {
  const keys: string[] = [];
  if (dy < 0) keys.push('W');
  if (dy > 0) keys.push('S');
  if (dx < 0) keys.push('A');
  if (dx > 0) keys.push('D');
  return keys;
}

function beside(body: Body, goal: Goal): boolean {
  const { col, row } = tileOf(body);
  return Math.abs(goal.station.spec.col - col) + Math.abs(goal.station.spec.row - row) === 1;
}

/** The steps of one chunk for `team.me`; the snapshot is advanced by the plan's predicted effects. */
export function planChunk(snap: Snapshot, team: TeamView, timing: ChunkTiming): string[][] {
  const me = snap.player(team.me);
  if (me === undefined) return Array.from({ length: timing.chunkSteps }, () => []);
  const stepTicks = ticksPerStep(timing, snap.tickMs);
  const steps: string[][] = [];
  for (let i = 0; i < timing.chunkSteps; i++) {
    const atMs = i * timing.stepMs;
    let goal = chooseGoal(snap, team, atMs);
    const keys: string[] = [];
    let move: readonly [number, number] | undefined;
    if (goal && beside(me.body, goal)) {
      const target = targetStation(me.body, (col, row) => snap.grid.stationAt(col, row));
      if (target?.id !== goal.station.spec.id) {
        // Another station would take the F: face this one first.
        move = [goal.station.spec.col - tileOf(me.body).col, goal.station.spec.row - tileOf(me.body).row];
      } else if (goal.press && snap.press(me, goal.station, atMs)) {
        keys.push('F');
        goal = chooseGoal(snap, team, atMs);
      }
    }
    if (move === undefined) move = goal && !beside(me.body, goal) ? bestMove(snap, me.body, goal, stepTicks) : [0, 0];
    keys.push(...keysOf(move[0], move[1]));
    for (let t = 0; t < stepTicks; t++) moveBody(me.body, move[0], move[1], snap.grid.walls);
    steps.push(keys);
  }
  return steps;
}

/** The move whose step ends with the least walking distance left to the goal. */
function bestMove(snap: Snapshot, body: Body, goal: Goal, stepTicks: number): readonly [number, number] {
  const me = snap.players.find((p) => p.body === body);
  if (me === undefined) return [0, 0];
  const field = snap.fieldTo(me, goal.station);
  let best: readonly [number, number] = [0, 0];
  let bestCost = potential(snap.grid, field, body) - 1e-6;
  for (const move of MOVES) {
    if (move[0] === 0 && move[1] === 0) continue;
    const trial = { ...body };
    for (let t = 0; t < stepTicks; t++) moveBody(trial, move[0], move[1], snap.grid.walls);
    const cost = potential(snap.grid, field, trial);
    if (cost < bestCost) {
      bestCost = cost;
      best = move;
    }
  }
  return best;
}
