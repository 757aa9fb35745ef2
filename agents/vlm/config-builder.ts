/**
 * The one way VLM flags become a VLM agent configuration. `arena match`, `arena curve`, `arena boards` and a
 * tournament entrant's `vlm@FILE` all take the same layers: a base configuration (a match configuration's or a
 * stored curve's), then an `--agent-config` file, then `--model`, `--base-url` and `--api-key-env` on top; a
 * match configuration file, a sweep spec and an episode job carry the result as written, and
 * `parseVlmAgentConfig` gives every one of them the same configuration.
 */
import { z } from 'zod';
import { readConfigFile } from '../../protocol/index.js';
import { parseVlmAgentConfig, type VlmAgentConfig } from './config.js';

/** The flags that describe a VLM agent, as a command's parsed flags hold them (any may be absent). */
export interface VlmFlags {
  readonly model?: string | undefined;
  readonly 'base-url'?: string | undefined;
  readonly 'api-key-env'?: string | undefined;
  readonly 'agent-config'?: string | undefined;
}

/** A VLM configuration as written: a JSON object (BAD_CONFIG for another file). */
const WrittenConfig = z.record(z.string(), z.unknown());

/**
 * The VLM configuration as written (no defaults applied, so it stores and compares as the user gave it): `base`,
 * then the `--agent-config` file's fields, then `--model`, `--base-url` and `--api-key-env`. Empty when none is given.
 */
export function vlmConfigInput(flags: VlmFlags, base: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  const file = flags['agent-config'] === undefined ? {} : readConfigFile(flags['agent-config'], WrittenConfig);
  return {
    ...base,
    ...file,
    ...(flags.model ? { model: flags.model } : {}),
    ...(flags['base-url'] ? { baseUrl: flags['base-url'] } : {}),
    ...(flags['api-key-env'] ? { apiKeyEnv: flags['api-key-env'] } : {}),
  };
}

/** The VLM agent configuration those layers give, validated (BAD_CONFIG naming each bad field). */
export function buildVlmAgentConfig(flags: VlmFlags, base: Readonly<Record<string, unknown>> = {}): VlmAgentConfig {
  return parseVlmAgentConfig(vlmConfigInput(flags, base));
}
