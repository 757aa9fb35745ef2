/** Observations and starts for agent tests: tiny synthetic RGB frames and the last_stand AgentStart. */
import { composeGamePrompt, getGame } from '../../games-manifest/index.js';
import type { AgentStart, Decision, Observation } from '../../protocol/index.js';
import { createVlmAgent } from '../../agents/index.js';

/** A raw RGB frame of one solid colour. */
export function solidFrame(width: number, height: number, rgb: readonly [number, number, number], seq = 0): Observation['frame'] {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i += 3) {
    data[i] = rgb[0];
    data[i + 1] = rgb[1];
    data[i + 2] = rgb[2];
  }
  return { seq, width, height, encoding: 'rgb', data };
}

/** The AgentStart of slot 0 in a last_stand match, with the manifest's game prompt. */
export function lastStandStart(): AgentStart {
  const game = getGame('last_stand');
  return {
    matchId: 'test-match',
    game: game.id,
    variant: 'origin',
    slot: 0,
    team: 0,
    controls: game.controls,
    gamePrompt: composeGamePrompt(game),
    stepBudget: game.stepBudget,
  };
}

/** Observation `step` of slot 0: a 64x36 frame whose colour changes with the step, 720 ms of game time per step. */
export function observation(step: number, extra: Partial<Pick<Observation, 'feedback' | 'state' | 'progress' | 'frame'>> = {}): Observation {
  return {
    slot: 0,
    step,
    simMs: step * 720,
    frame: solidFrame(64, 36, [(step * 40) % 256, 120, 200], step),
    progress: step / 300,
    ...extra,
  };
}

/** One decision of a VLM agent on `baseUrl` (last_stand's start, frame 0), with `config` over small test defaults. */
export async function decideOnceAt(baseUrl: string, config: Record<string, unknown> = {}): Promise<Extract<Decision, { kind: 'answer' }>> {
  const agent = createVlmAgent({ baseUrl, model: 'fake-vlm', maxSide: 64, retryBaseMs: 10, ...config });
  try {
    await agent.start(lastStandStart());
    const d = await agent.decide(observation(0), new AbortController().signal);
    if (d.kind !== 'answer') throw new Error('expected an answer');
    return d;
  } finally {
    await agent.close();
  }
}
