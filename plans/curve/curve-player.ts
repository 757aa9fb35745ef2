/**
 * The player of a curve as its settings describe it (`settings.player`), and the factory that rebuilds it, so
 * `arena curve --resume` and `arena transfer` play with the curve's own player without repeating its flags.
 * The description holds endpoint URLs and the names of key variables, never a key.
 */
import { z } from 'zod';
import { createAgent, createVlmAgent, parseVlmAgentConfig, type VlmAgentConfig, type VlmAgentConfigInput } from '../../agents/index.js';
import { randomMoves, scriptedPolicies } from '../../games/index.js';
import { ArenaError, ErrorCode, formatIssues } from '../../protocol/index.js';
import type { CurveSettings, PlayerFactory } from '../../reflection/index.js';

/** `settings.player`: the player's kind, its VLM configuration, and the reflector's endpoint and key variable. */
export const StoredPlayer = z.looseObject({
  kind: z.string().min(1),
  model: z.string().optional(),
  baseUrl: z.string().optional(),
  /** The VLM player's configuration as written, without the skill (the curve sets it). */
  agent: z.record(z.string(), z.unknown()).optional(),
  reflectorBaseUrl: z.string().nullable().optional(),
  /** Name of the environment variable holding the reflector's key. */
  reflectorApiKeyEnv: z.string().optional(),
});
export type StoredPlayer = z.infer<typeof StoredPlayer>;

/** Reads the player description of a curve's settings; BAD_CONFIG when it is not one. */
export function storedPlayer(settings: CurveSettings): StoredPlayer {
  const parsed = StoredPlayer.safeParse(settings.player);
  if (!parsed.success) throw new ArenaError(ErrorCode.BAD_CONFIG, `the curve's player is not described in its settings: ${formatIssues(parsed.error, 'player', 'player')}`);
  return parsed.data;
}

/** The VLM configuration the curve's player was made with (curves older than `agent`: model and URL only). */
export function storedVlmConfig(player: StoredPlayer): VlmAgentConfigInput | undefined {
  if (player.kind !== 'vlm') return undefined;
  return (player.agent ?? { model: player.model, baseUrl: player.baseUrl }) as VlmAgentConfigInput;
}

/** The description of a player to store in a curve's settings. */
export function describePlayer(kind: string, vlm: VlmAgentConfigInput | undefined, reflector: { baseUrl: string | null; apiKeyEnv: string }): StoredPlayer {
  let model: Record<string, unknown> = {};
  if (vlm) {
    const { skill: _skill, skillTokenCap: _cap, ...agent } = vlm;
    model = { model: vlm.model, baseUrl: vlm.baseUrl, agent };
  }
  return {
    kind,
    ...model,
    reflectorBaseUrl: reflector.baseUrl,
    reflectorApiKeyEnv: reflector.apiKeyEnv,
  };
}

/**
 * Rebuilds the curve's player from its settings: a VLM agent that plays the skill, or a built-in agent that
 * ignores it. Fails now (BAD_CONFIG, UNKNOWN_AGENT) on a player that cannot be made, not in the middle of a round.
 */
export async function playerFactory(settings: CurveSettings): Promise<PlayerFactory> {
  const player = storedPlayer(settings);
  const vlm = storedVlmConfig(player);
  if (vlm !== undefined) {
    const config: VlmAgentConfig = parseVlmAgentConfig(vlm);
    return (skill) => createVlmAgent({ ...config, skill, skillTokenCap: settings.skillTokens });
  }
  await createAgent(player.kind, { scripted: scriptedPolicies, randomMoves, game: settings.game, seed: settings.seed }).close();
  return (_skill, ctx) => createAgent(player.kind, { scripted: scriptedPolicies, randomMoves, game: settings.game, seed: ctx.seed });
}
