/**
 * The boards plan: one LVLM-Playground task (perceive, qa, rule, e2e) on a board, the model's score beside the
 * random baseline computed the same way; result.json in its folder. See docs/boards.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildVlmAgentConfig, createVlmAgent } from '../../agents/index.js';
import { agentAnswerer, createRandomMoveAgent, randomAnswerer, runOffline, type E2eResult } from '../../boards/index.js';
import { isPausedClock, PausedClockMode } from '../../gateway/index.js';
import { orList, usage, type FlagValues } from '../../protocol/index.js';
import type { FlagPlanConfig, Plan } from '../run/plan-io.js';
import { boardsE2e } from './boards-e2e.js';
import { BOARD_TASKS, checkBoardsRun, type boardsOptions } from './boards-flags.js';
import { boardsText } from './boards-text.js';

function whole(value: string | undefined, flag: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw usage(`--${flag} takes a whole number of at least ${min} (got '${value}')`);
  return n;
}

function summarise(player: string, r: E2eResult): { player: string; score: number; detail: unknown } {
  return { player, score: r.score, detail: r };
}

/** Runs one task (the one operand) on one board; always 0 once scored. */
export const boardsPlan: Plan<FlagPlanConfig<FlagValues<typeof boardsOptions>>> = {
  name: 'boards',
  async run({ values, operands }, io) {
    if (operands.length !== 1) throw usage(`arena boards takes one task: ${BOARD_TASKS.join(', ')} (got '${operands.join(' ')}'); see arena boards --help`);
    const { task, game } = checkBoardsRun(operands[0]!, values);
    const samples = whole(values.samples, 'samples', 20, 1);
    const seed = whole(values.seed, 'seed', 1, 0);
    if ((values.model === undefined) !== (values['base-url'] === undefined)) throw usage('--model and --base-url go together');
    const vlm = values.model === undefined ? undefined : buildVlmAgentConfig(values);
    const rows: { player: string; score: number; detail?: unknown }[] = [];
    if (task === 'e2e') {
      const clock = values.clock ?? 'pdq';
      if (!isPausedClock(clock)) throw usage(`--clock takes ${orList(PausedClockMode.options)} (got '${clock}')`);
      const common = { game, episodes: samples, seed, signal: io.signal, runsDir: values['runs-dir'] ?? 'runs', clock, ...(values.variant ? { variant: values.variant } : {}) } as const;
      if (vlm) rows.push(summarise('model', await boardsE2e({ ...common, player: { kind: 'vlm', label: 'vlm' }, makeAgent: () => createVlmAgent(vlm) })));
      // The random baseline plays every game with the run's seed, as it always has.
      rows.push(summarise('random', await boardsE2e({ ...common, player: { kind: 'random', label: 'random-move' }, makeAgent: () => createRandomMoveAgent(game, seed) })));
    } else {
      const offline = task;
      if (vlm) {
        const agent = createVlmAgent(vlm);
        try {
          const r = await runOffline(offline, game, samples, seed, agentAnswerer(agent, game, io.signal));
          rows.push({ player: 'model', score: r.score, detail: r });
        } finally {
          await agent.close();
        }
      }
      const r = await runOffline(offline, game, samples, seed, randomAnswerer(offline, game, seed));
      rows.push({ player: 'random', score: r.score, detail: r });
    }
    const result = { task, game, samples, seed, scores: Object.fromEntries(rows.map((r) => [r.player, r.score])), players: rows };
    const out = values.out ?? io.out;
    if (out) {
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'result.json'), JSON.stringify(result, null, 2));
    }
    if (values.json) io.print(`${JSON.stringify(result.scores)}\n`);
    else io.print(`${boardsText(task, game, samples, seed, rows)}\n`);
    return 0;
  },
};
