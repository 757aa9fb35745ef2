/** `arena match`'s (and `arena watch`'s) flags, with a --config file under them, as a match configuration. */
import { vlmConfigInput } from '../../agents/index.js';
import { num, usage, type FlagValues } from '../../protocol/index.js';
import { chargesLatency } from '../../gateway/index.js';
import { clockOfArm, fairnessOf, MatchConfig, parseConfig, readConfigFile, type AgentConfig } from './match-config.js';
import type { matchOptions } from './match-flags.js';

type MatchFlags = FlagValues<typeof matchOptions>;

/** `arena match`'s flags that a configuration file names otherwise: the field each sets (a file's unknown key that is a flag gets its field). */
export const MATCH_FLAG_FIELDS: Readonly<Record<string, string>> = {
  agent: 'agents',
  steps: 'stepBudget',
  'time-limit': 'timeLimitMs (milliseconds)',
  'obs-delay': 'observationDelayMs',
  'decision-timeout': 'decisionTimeoutMs',
  'on-agent-failure': 'onAgentFailure',
  'stale-frames': 'staleFrames',
  'runs-dir': 'runsDir',
};

/** The match configuration: the --config file (JSON, or YAML for .yaml/.yml; if any) with flags on top. */
export function buildMatchConfig(flags: MatchFlags): MatchConfig {
  const base: Record<string, unknown> = flags.config ? { ...readConfigFile(flags.config, MatchConfig, { renamed: MATCH_FLAG_FIELDS }) } : {};
  const set = (key: string, value: unknown): void => {
    if (value !== undefined) base[key] = value;
  };
  set('game', flags.game);
  set('env', flags.env);
  set('variant', flags.variant);
  set('seed', num(flags.seed, 'seed'));
  set('clock', flags.clock);
  set('profile', flags.profile);
  set('maps', flags.maps);
  if (flags.gamepad) set('gamepad', true);
  set('stepBudget', num(flags.steps, 'steps'));
  const limit = num(flags['time-limit'], 'time-limit');
  set('timeLimitMs', limit === undefined ? undefined : Math.round(limit * 1000));
  set('observationDelayMs', num(flags['obs-delay'], 'obs-delay'));
  set('decisionTimeoutMs', num(flags['decision-timeout'], 'decision-timeout'));
  set('onAgentFailure', flags['on-agent-failure']);
  set('onDecisionError', flags['on-decision-error']);
  set('staleFrames', flags['stale-frames']);
  set('runsDir', flags['runs-dir']);
  const kinds = flags.agents ?? flags.agent;
  const vlmFlags = vlmConfigInput(flags);
  if (kinds !== undefined) {
    if (kinds.split(',').some((k) => k.trim() === 'vlm')) {
      // Name the flags the user can type, not the config fields they fill.
      const missing = [vlmFlags.model === undefined ? '--model M' : '', vlmFlags.baseUrl === undefined ? '--base-url URL' : ''].filter(Boolean);
      if (missing.length > 0) throw usage(`--agent vlm needs ${missing.join(' and ')} (or --agent-config FILE with model and baseUrl); see arena agents`);
    }
    const latencies = flags.latency?.split(',') ?? [];
    base.agents = kinds.split(',').map((kind, i): AgentConfig => {
      const latency = latencies[i] ?? latencies[0];
      return { kind: kind.trim(), ...(latency ? { latency } : {}), ...(kind.trim() === 'vlm' ? { vlm: vlmFlags } : {}) };
    });
  } else if (flags.latency !== undefined || Object.keys(vlmFlags).length > 0) {
    const agents = (base.agents as AgentConfig[] | undefined) ?? [{ kind: Object.keys(vlmFlags).length > 0 ? 'vlm' : 'scripted' }];
    base.agents = agents.map((a, i) => ({ ...a, ...(flags.latency ? { latency: flags.latency.split(',')[i] ?? flags.latency.split(',')[0] } : {}), ...(a.kind === 'vlm' ? { vlm: { ...a.vlm, ...vlmFlags } } : {}) }));
  }
  if (flags.handicap !== undefined) {
    const handicaps = flags.handicap.split(',').map((h) => h.trim());
    const agents = (base.agents as AgentConfig[] | undefined) ?? [{ kind: 'scripted' }];
    if (handicaps.length > agents.length) throw usage(`--handicap gives ${handicaps.length} handicaps for ${agents.length} agent${agents.length > 1 ? 's' : ''}`);
    base.agents = agents.map((a, i) => ({ ...a, ...(handicaps[i] ? { handicap: handicaps[i] } : {}) }));
  }
  set('fairness', flags.fairness);
  // A fairness arm runs on its own clock; a --clock that says otherwise is refused.
  const arm = fairnessOf({ fairness: base.fairness as string | undefined });
  if (arm !== undefined) {
    const given = flags.clock ?? (base.clock === 'realtime' ? 'realtime' : undefined);
    if (given !== undefined && given !== clockOfArm(arm)) throw usage(`--fairness ${String(base.fairness)} runs on the ${clockOfArm(arm)} clock, not ${given}`);
    base.clock = clockOfArm(arm);
  }
  // A latency the clock never charges would be recorded and measure nothing: refuse it rather than ignore it.
  const clock = typeof base.clock === 'string' ? base.clock : 'pdq';
  if (flags.latency !== undefined && !chargesLatency(clock)) throw usage(`--latency ${flags.latency} is charged only under --clock lcrt (or a --fairness arm on it); ${clock} charges no latency (${clock === 'pdq' ? 'the game waits while agents think' : 'the game runs on while agents think'}): add --clock lcrt, or drop --latency`);
  return parseConfig(base, MatchConfig, flags.config ?? 'match flags');
}
