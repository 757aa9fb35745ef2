/**
 * The match plan: flags' values -> a match configuration -> the one resolver's spec -> played, with a result
 * line per match; remote agents wait on an AgentLink server, whose seats it logs. `swap` plays both side orders.
 */
import { AgentLinkServer, RemoteAgent, isResultOfPlay, runMatch, type MatchResult } from '../../gateway/index.js';
import { ArenaError, ErrorCode, endText, playerText, usage, type Frame, type FlagValues } from '../../protocol/index.js';
import { LiveVideo } from '../../video/index.js';
import type { FlagPlanConfig, Plan, PlanIo } from '../run/plan-io.js';
import { buildMatchConfig } from './config-from-flags.js';
import { parseListen } from './listen.js';
import type { MatchConfig } from './match-config.js';
import { entryOf } from './match-entry.js';
import type { matchOptions } from './match-flags.js';
import { resolveMatch } from './resolve-match.js';

/** The one-line summary printed after a match. */
export function resultLine(config: MatchConfig, result: MatchResult, wallMs: number): string {
  const players = result.players.map((p) => `${playerText(p.label, p.slot)}: progress ${p.progress.toFixed(3)}${p.outcome !== 'none' ? ` ${p.outcome}` : ''}, ${p.decisions} decisions${p.invalid ? `, ${p.invalid} invalid` : ''}${p.failed ? `, ${p.failed} failed` : ''}`).join(' | ');
  const entry = entryOf(config);
  const variant = config.variant ?? entry.variants[0]!.id;
  const status = result.status === 'complete' ? endText(result.reason, result.episode) : `INCOMPLETE ${result.error?.code ?? ''}: ${result.error?.message ?? ''}`;
  const bench = result.benchmark ? ` | benchmark score ${result.benchmark.scores.map((x) => x.toFixed(3)).join(', ')}${result.benchmark.outOfRange.length ? ` (${result.benchmark.outOfRange.length} readings outside the declared range)` : ''}` : '';
  return `${entry.id}/${variant} seed ${config.seed} ${config.fairness === undefined ? config.clock : `${config.clock} ${config.fairness}`}${config.profile === 'omnigamearena' ? ' omnigamearena' : ''}: ${players}${bench} | ended: ${status} | ${(result.simMs / 1000).toFixed(1)} s game time in ${(wallMs / 1000).toFixed(1)} s | ${result.dir}`;
}

/**
 * 0 for a result of play; 1 for a match that ended incomplete or whose episode is no result of play (failed,
 * format). A match whose record could not be written (RECORD_WRITE_FAILED) throws its code: the command line
 * prints it and exits 2.
 */
export function exitCodeOf(result: MatchResult): number {
  if (result.error?.code === ErrorCode.RECORD_WRITE_FAILED) throw new ArenaError(ErrorCode.RECORD_WRITE_FAILED, result.error.message);
  return result.status === 'complete' && isResultOfPlay(result.episode) ? 0 : 1;
}

interface PlayFlags {
  readonly json: boolean;
  readonly listen: string | undefined;
  readonly video: number | undefined;
}

/** Plays one configured match; prints its result line. A stop (also during the wait for remote agents) ends it as aborted. */
async function playOne(config: MatchConfig, flags: PlayFlags, io: PlanIo): Promise<MatchResult> {
  const link = config.agents.some((a) => a.kind === 'remote') ? await AgentLinkServer.listen(parseListen(flags.listen)) : undefined;
  const spec = resolveMatch(config, {
    makeRemote: (slot) => {
      const agent = new RemoteAgent(slot, { clock: config.clock });
      link!.register(agent);
      // Under --json the programs that start matches (the Python package) read these lines: one JSON object each.
      io.log(flags.json ? `${JSON.stringify({ type: 'remote-slot', slot, url: link!.url, token: agent.token })}\n` : `slot ${slot} waits for a remote agent: url ${link!.url} token ${agent.token}\n`);
      return agent;
    },
  });
  let limits = { stepBudget: 1, timeLimitMs: 1 };
  let shown = 0;
  const decisions = new Map<number, number>();
  const video = flags.video === undefined ? undefined : new LiveVideo(spec.entry!, { fps: flags.video, slots: spec.slots.map((s) => ({ slot: s.slot, label: s.label ?? s.agent.kind })) });
  const started = performance.now();
  const result = await runMatch({
    ...spec,
    signal: io.signal,
    ...(video ? { observer: { onFrame: (f: Frame) => video.onFrame(f) } } : {}),
    onEvent: (e) => {
      video?.onEvent(e);
      if (e.type === 'started') {
        limits = e;
        io.log(flags.json ? `${JSON.stringify({ type: 'run', runId: e.runId, dir: e.dir })}\n` : `run ${e.runId} -> ${e.dir}\n`);
      } else if (e.type === 'decision') {
        decisions.set(e.slot, e.step + 1);
      } else {
        const steps = Math.max(0, ...decisions.values());
        shown = Math.max(e.simMs / limits.timeLimitMs, steps / limits.stepBudget);
        io.progress(shown, `t=${(e.simMs / 1000).toFixed(1)}s decisions=${steps}`);
      }
    },
  });
  const videoPath = await video?.finish(result.simMs);
  if (videoPath) io.log(`video ${videoPath}\n`);
  await link?.close();
  // A match that ended incomplete stops the bar where it was, not at a full bar beside INCOMPLETE.
  if (result.status === 'complete') io.progress(1, 'done');
  else io.progress(shown, `stopped: ${result.error?.code ?? 'incomplete'}`);
  const wallMs = performance.now() - started;
  io.print(flags.json ? `${JSON.stringify(result)}\n` : `${resultLine(config, result, wallMs)}\n`);
  return result;
}

/** Plays a match (both side orders with `swap`); 0 when each is a result of play. */
export const matchPlan: Plan<FlagPlanConfig<FlagValues<typeof matchOptions>>> = {
  name: 'match',
  async run({ values }, io) {
    const config = buildMatchConfig(values);
    const flags: PlayFlags = { json: values.json, listen: values.listen, video: values.video ? Number(values['video-fps']) : undefined };
    if (!values.swap) return exitCodeOf(await playOne(config, flags, io));
    // Both side orders, so a first-player advantage cancels out when the two lines are read together.
    if (config.agents.length !== 2) throw usage(`--swap plays two agents in both orders; ${config.agents.length} agent(s) were given`);
    if (config.agents.some((a) => a.kind === 'remote')) throw usage('--swap cannot seat remote agents twice; run two matches instead');
    const first = await playOne(config, flags, io);
    const second = await playOne({ ...config, agents: [config.agents[1]!, config.agents[0]!] }, flags, io);
    return Math.max(exitCodeOf(first), exitCodeOf(second));
  },
};
