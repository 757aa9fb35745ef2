/** `arena match`: flags -> a match configuration -> the one resolver's spec (plans/match) -> played with a progress bar and a result line. */
import { AgentLinkServer, RemoteAgent, isResultOfPlay, runMatch, type MatchResult } from '../../gateway/index.js';
import type { Frame } from '../../protocol/index.js';
import { LiveVideo } from '../../video/index.js';
import { entryOf, resolveMatch, type MatchConfig } from '../../plans/index.js';
import { usage } from '../cli-error.js';
import { parseFlags } from '../cli/flags.js';
import { parseListen } from '../cli/listen.js';
import { buildMatchConfig } from '../../plans/index.js';
import { matchOptions } from '../../plans/match/match-flags.js';
import { ProgressBar } from '../progress-bar.js';
import { abortOnStopSignals } from '../stop-signals.js';

/** The one-line summary printed after a match. */
export function resultLine(config: MatchConfig, result: MatchResult, wallMs: number): string {
  const players = result.players.map((p) => `${p.label}@${p.slot}: progress ${p.progress.toFixed(3)}${p.outcome !== 'none' ? ` ${p.outcome}` : ''}, ${p.decisions} decisions${p.invalid ? `, ${p.invalid} invalid` : ''}${p.failed ? `, ${p.failed} failed` : ''}`).join(' | ');
  const entry = entryOf(config);
  const variant = config.variant ?? entry.variants[0]!.id;
  const status = result.status === 'complete' ? `${result.reason}${result.episode === 'finished' ? '' : ` (${result.episode})`}` : `INCOMPLETE ${result.error?.code ?? ''}: ${result.error?.message ?? ''}`;
  const bench = result.benchmark ? ` | benchmark score ${result.benchmark.scores.map((x) => x.toFixed(3)).join(', ')}${result.benchmark.outOfRange.length ? ` (${result.benchmark.outOfRange.length} readings outside the declared range)` : ''}` : '';
  return `${entry.id}/${variant} seed ${config.seed} ${config.fairness === undefined ? config.clock : `${config.clock} ${config.fairness}`}${config.profile === 'omnigamearena' ? ' omnigamearena' : ''}: ${players}${bench} | ended: ${status} | ${(result.simMs / 1000).toFixed(1)} s game time in ${(wallMs / 1000).toFixed(1)} s | ${result.dir}`;
}

/** Plays one configured match with a progress bar; prints its result line. */
async function playOne(config: MatchConfig, flags: { quiet: boolean; json: boolean; listen: string | undefined; video: number | undefined }): Promise<MatchResult> {
  // Armed first: a signal from here on, the wait for remote agents included, ends the match as aborted.
  const controller = new AbortController();
  const stopSignals = abortOnStopSignals(controller);
  const link = config.agents.some((a) => a.kind === 'remote') ? await AgentLinkServer.listen(parseListen(flags.listen)) : undefined;
  const spec = resolveMatch(config, {
    makeRemote: (slot) => {
      const agent = new RemoteAgent(slot, { clock: config.clock });
      link!.register(agent);
      // Under --json the programs that start matches (the Python package) read these lines: one JSON object each.
      process.stderr.write(flags.json ? `${JSON.stringify({ type: 'remote-slot', slot, url: link!.url, token: agent.token })}\n` : `slot ${slot} waits for a remote agent: url ${link!.url} token ${agent.token}\n`);
      return agent;
    },
  });
  const bar = flags.quiet ? undefined : new ProgressBar(`${config.game} ${config.clock}`);
  let limits = { stepBudget: 1, timeLimitMs: 1 };
  const decisions = new Map<number, number>();
  const video = flags.video === undefined ? undefined : new LiveVideo(spec.entry!, { fps: flags.video, slots: spec.slots.map((s) => ({ slot: s.slot, label: s.label ?? s.agent.kind })) });
  const started = performance.now();
  const result = await runMatch({
    ...spec,
    signal: controller.signal,
    ...(video ? { observer: { onFrame: (f: Frame) => video.onFrame(f) } } : {}),
    onEvent: (e) => {
      video?.onEvent(e);
      if (e.type === 'started') {
        limits = e;
        process.stderr.write(flags.json ? `${JSON.stringify({ type: 'run', runId: e.runId, dir: e.dir })}\n` : `run ${e.runId} -> ${e.dir}\n`);
      } else if (e.type === 'decision') {
        decisions.set(e.slot, e.step + 1);
      } else {
        const steps = Math.max(0, ...decisions.values());
        const fraction = Math.max(e.simMs / limits.timeLimitMs, steps / limits.stepBudget);
        bar?.update(fraction, `t=${(e.simMs / 1000).toFixed(1)}s decisions=${steps}`);
      }
    },
  });
  stopSignals();
  const videoPath = await video?.finish(result.simMs);
  if (videoPath && !flags.quiet) process.stderr.write(`video ${videoPath}\n`);
  await link?.close();
  bar?.update(1, 'done');
  bar?.done();
  const wallMs = performance.now() - started;
  process.stdout.write(flags.json ? `${JSON.stringify(result)}\n` : `${resultLine(config, result, wallMs)}\n`);
  return result;
}

/** 0 for a result of play; 1 for a match that ended incomplete or whose episode is no result of play (failed, format). */
export function exitCodeOf(result: MatchResult): number {
  return result.status === 'complete' && isResultOfPlay(result.episode) ? 0 : 1;
}

export async function matchCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags('match', matchOptions, argv);
  const config = buildMatchConfig(values);
  const videoFps = Number(values['video-fps']);
  const flags = { quiet: values.quiet, json: values.json, listen: values.listen, video: values.video ? videoFps : undefined };
  if (!values.swap) return exitCodeOf(await playOne(config, flags));
  // Both side orders, so a first-player advantage cancels out when the two lines are read together.
  if (config.agents.length !== 2) throw usage(`--swap plays two agents in both orders; ${config.agents.length} agent(s) were given`);
  if (config.agents.some((a) => a.kind === 'remote')) throw usage('--swap cannot seat remote agents twice; run two matches instead');
  const first = await playOne(config, flags);
  const second = await playOne({ ...config, agents: [config.agents[1]!, config.agents[0]!] }, flags);
  return Math.max(exitCodeOf(first), exitCodeOf(second));
}
