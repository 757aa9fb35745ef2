/**
 * `arena bench`: the project's benchmark. Every figure is a ratio against a baseline measured in the same
 * run, because these machines are shared and noisy. Results also go to .bench/latest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { benchCapacity } from '../bench/capacity.js';
import { benchFramePath } from '../bench/frame-path.js';
import { benchRecordStall } from '../bench/record-stall.js';
import { benchMatchLoop } from '../bench/match-loop.js';
import { benchDecisionEncode } from '../bench/decision-encode.js';
import { benchEndToEnd } from '../bench/end-to-end.js';
import { benchGameCosts } from '../bench/game-cost.js';
import { benchStateStream } from '../bench/state-stream-cost.js';
import { benchGamepadChunks } from '../bench/gamepad-chunks.js';
import { benchDesktop, desktopMissing } from '../bench/desktop.js';
import { benchConsumerMemory, benchFuzzThroughput } from '../bench/hardening.js';
import { browserMissing } from '../bench/spectator-browser.js';
import { benchSpectators } from '../bench/spectators.js';
import { benchBridgeLink } from '../bench/bridge-link.js';
import { fmt, row } from '../bench/stats.js';
import { benchRecords } from '../bench/records.js';
import { benchFrameSampling } from '../bench/perception-frames.js';
import { benchSweeps, redisBenchMissing } from '../bench/sweep-throughput.js';
import { benchFleet, benchPlacementScale } from '../bench/fleet-placement.js';
import { benchSweepScale } from '../bench/sweep-scale.js';
import { benchCurveRounds } from '../bench/curve-rounds.js';
import { benchWatchOverhead } from '../bench/watch-overhead.js';
import { benchFrameIntegrity } from '../bench/frame-integrity.js';
import { benchStartup } from '../bench/startup.js';
import { benchPolicies, policyBenchMissing } from '../bench/policy-cost.js';
import { benchPythonEnv, pythonBenchMissing } from '../bench/python-env.js';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { parseFlags, type CommandSpec, type FlagTable } from '../cli/flags.js';

/** `arena bench`'s flags. */
export const benchOptions = {
  quick: { type: 'boolean', description: 'fewer repetitions: a smoke run, not a measurement' },
  'scale-sizes': { type: 'string', arg: 'N,N,...', defaultText: '100,1000,10000 (--quick: 50,200)', description: 'sweep sizes of the scale part; its kill -9 comes at half the largest' },
  only: { type: 'string', arg: 'PARTS', defaultText: 'all: startup,frames,decision,e2e,record,games,state-stream,desktop,capacity,records,spectators,sweeps,scale,fleet,curves,hardening,perception,gamepad,bridge,watch,integrity,policies,python', description: 'the parts to run, comma-separated' },
  against: { type: 'string', arg: 'REVS', defaultText: '00b9de6 (the policies before they called the games\' own functions)', description: 'the commits the policies section measures this tree against, comma-separated' },
} as const satisfies FlagTable;

export async function benchCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags('bench', benchOptions, argv);
  const quick = values.quick;
  const only = values.only?.split(',');
  const want = (name: string): boolean => !only || only.includes(name);
  const out: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, quick };
  const say = (line: string): void => void process.stdout.write(`${line}\n`);

  if (want('startup')) {
    say('\n== start-up: small arena commands, each its own process, against node -e 0 (interleaved rounds) ==');
    const s = await benchStartup(quick ? 5 : 15);
    const w = [18, 12, 12, 18];
    say(row(['command', 'median ms', 'vs node', 'quartiles'], w));
    say(row(['node -e 0', fmt(s.nodeMs, 0), '1.00', '-'], w));
    for (const c of s.commands) say(row([`arena ${c.args}`, fmt(c.ms, 0), fmt(c.vsNode.median), `${fmt(c.vsNode.p25)}-${fmt(c.vsNode.p75)}`], w));
    say(`goal: 3.00 or less for each (${s.compiled ? 'dist/ built' : 'no dist/: through tsx; npm run build'})`);
    out.startup = s;
  }

  if (want('frames')) {
    say('\n== frame path: game -> gateway (GameLink observe) vs raw ws request-reply, same bytes, loopback ==');
    const w = [14, 10, 14, 14, 14, 16, 12];
    say(row(['frame', 'bytes', 'raw fps', 'link fps', 'raw ms/frame', 'overhead ms/frame', 'link/raw fps', 'quartiles'], [...w, 12]));
    const results = [];
    for (const encoding of ['rgb', 'jpeg'] as const) {
      const r = await benchFramePath(640, 360, encoding, quick ? 50 : 100, quick ? 3 : 9);
      results.push(r);
      const q = r.linkOverRaw;
      say(row([`640x360 ${encoding}`, r.bytes, fmt(r.raw.perSecond, 0), fmt(r.gameLink.perSecond, 0), fmt(r.raw.perItemMs, 3), fmt(r.gameLink.perItemMs - r.raw.perItemMs, 3), fmt(q.median), `${fmt(q.p25)}-${fmt(q.p75)}`], [...w, 12]));
    }
    say('link/raw fps: the median of the rounds\' ratios (interleaved batches), with quartiles; goal 0.80 for RGB, 0.95 for JPEG');
    out.framePath = results;
    const loop = await benchMatchLoop(640, 360, quick ? 60 : 300, quick ? 1 : 3);
    const rgb = results[0]!;
    const l = loop.loopOverEncode;
    say(`full decision loop (observe, decide, compile, advance, record the frame's exact pixels): ${fmt(loop.perDecisionMs, 3)} ms/decision = ${fmt(loop.perDecisionMs / rgb.gameLink.perItemMs)}x one bare GameLink frame`);
    say(`  against one JPEG encode of its frame (standard tables, the encode the arena does) in the same run (${fmt(loop.encodeMs, 3)} ms): loop/encode ${fmt(l.median)} (quartiles ${fmt(l.p25)}-${fmt(l.p75)}), goal 1.50 or less; frames missing from the record: ${loop.framesMissing} (goal 0); the match waited for its record ${fmt(loop.recordWaitMs, 1)} ms`);
    out.matchLoop = loop;
  }

  if (want('decision')) {
    say('\n== decision loop of a model player, 640x360: one JPEG per (frame, profile) shared by agent and record, vs the agent and the recorder encoding one each ==');
    const d = await benchDecisionEncode(640, 360, quick ? 40 : 150, quick ? 1 : 3);
    say(`before (2 JPEG encodes per decision): ${fmt(d.beforeMs, 3)} ms/decision; after (1): ${fmt(d.afterMs, 3)} ms/decision; after/before ${fmt(d.afterMs / d.beforeMs)} (${fmt(d.beforeMs / d.afterMs)}x the decisions per second)`);
    out.decisionEncode = d;
  }

  if (want('e2e')) {
    say('\n== end to end: game -> gateway (pdq match, recorded) -> AgentLink agent in another process, vs game -> bare ws relay -> client in another process ==');
    const w = [14, 10, 16, 16, 18, 20];
    say(row(['frame', 'bytes', 'relay ms/frame', 'gateway ms/frame', 'gateway extra ms', 'gateway/relay fps'], w));
    const results = [];
    for (const encoding of ['rgb', 'jpeg'] as const) {
      const r = await benchEndToEnd(640, 360, encoding, quick ? 50 : 200, quick ? 1 : 3);
      results.push(r);
      say(row([`640x360 ${encoding}`, r.bytes, fmt(r.relayMs, 3), fmt(r.gatewayMs, 3), fmt(r.gatewayMs - r.relayMs, 3), fmt(r.relayMs / r.gatewayMs)], w));
    }
    for (const r of results) {
      const p = r.gatewayParts;
      say(`  gateway ${r.encoding} frame: GameLink advance ${fmt(p.advanceMs, 3)} ms + AgentLink round trip ${fmt(p.agentMs, 3)} ms + encode for agent, record, loop ${fmt(p.restMs, 3)} ms`);
      const g = r.gatewayCpu;
      const b = r.relayCpu;
      say(`    CPU per frame (two cores share it): game + gateway ${fmt(g.hereMs, 3)} ms + agent ${fmt(g.farMs, 3)} ms, against game + relay ${fmt(b.hereMs, 3)} ms + client ${fmt(b.farMs, 3)} ms`);
      say(`    the AgentLink hop alone (the same frame, no game, no record): ${fmt(r.hop.agentLinkMs, 3)} ms/frame, against a bare ws hop of the same bytes ${fmt(r.hop.bareMs, 3)} ms`);
    }
    say('goal: gateway/relay fps 0.80 or better (docs/bench.md says where the rest goes)');
    out.endToEnd = results;
  }

  if (want('record')) {
    say('\n== the record under a stalled disk: 4 parallel pdq matches of an instant agent (pump game, 640x360 RGB), each with its first frame\'s file stalled 2 s, vs the same 4 unstalled ==');
    const r = await benchRecordStall(4, quick ? 60 : 200, 2000);
    say(`decision lines dropped ${r.linesDropped}, frames dropped ${r.framesDropped}, results differing from the unstalled ${r.resultsDiffering} (goal 0 for each); ${r.matches} x ${r.decisions} decisions`);
    say(`wall time stalled ${fmt(r.stalledWallMs, 0)} ms vs unstalled ${fmt(r.freeWallMs, 0)} ms; the longest wait for the record ${fmt(r.waitedMs, 0)} ms, deepest queue of frames ${r.deepestFrames}`);
    out.recordStall = r;
  }

  if (want('games')) {
    say('\n== reference games: simulation (120 ms of game time) + one render at the default size, per frame ==');
    const w = [18, 10, 10, 12, 12, 14];
    say(row(['game', 'size', 'sim ms', 'render ms', 'frames/s', 'vs last_stand'], w));
    const costs = await benchGameCosts(quick ? 30 : 150, quick ? 3 : 5);
    const base = costs.find((c) => c.game === 'last_stand') ?? costs[0]!;
    for (const c of costs) say(row([c.game, `${c.width}x${c.height}`, fmt(c.simMsPerFrame, 3), fmt(c.renderMsPerFrame, 3), fmt(c.frame.perSecond, 0), fmt(c.frame.perItemMs / base.frame.perItemMs)], w));
    out.games = costs;
  }

  if (want('state-stream')) {
    say('\n== the privileged state stream: one control step of random input + one render per frame, the state tracked vs not (interleaved batches) ==');
    const w = [18, 10, 12, 9, 13, 12, 15, 12];
    say(row(['game', 'plain ms', 'tracked ms', 'reports', 'tracked/plain', 'quartiles', 'tracker us/frame', 'share'], w));
    const costs = benchStateStream(quick ? 20 : 60, quick ? 5 : 11);
    for (const c of costs) say(row([c.game, fmt(c.plainMs, 3), fmt(c.trackedMs, 3), fmt(c.reports, 2), fmt(c.ratio), `${fmt(c.ratioP25)}-${fmt(c.ratioP75)}`, fmt(c.trackingMs * 1000, 1), fmt(c.share, 3)], w));
    const worst = (f: (c: (typeof costs)[number]) => number): string => fmt(Math.max(...costs.map(f)), 3);
    say(`goal: the tracker's own work (state() + track(), timed inside the tracked batches) at most 0.10 of a plain frame for every game (worst ${worst((c) => c.share)})`);
    say(`end to end, tracked/plain by round: worst median ${worst((c) => c.ratio)}; the quartiles are this machine's noise between identical batches`);
    out.stateStream = costs;
  }

  if (want('desktop')) {
    say('\n== desktop driver: chocolate-doom + freedoom under Xvfb (grab, grab + JPEG, clock error over advances of 120 ms) ==');
    const missing = desktopMissing();
    if (missing) say(`skipped: ${missing}`);
    else {
      const d = await benchDesktop('freedoom', quick ? 30 : 100, 120);
      say(`grab ${fmt(d.grabMs.median!)} ms median, grab + JPEG ${fmt(d.grabJpegMs.median!)} ms (${fmt(d.grabJpegMs.median! / d.grabMs.median!)}x the bare grab)`);
      const r = d.actualOverRequested;
      say(`actual / requested game time over ${r.n} advances: mean ${fmt(r.mean!, 3)}, median ${fmt(r.median!, 3)}, p95 ${fmt(r.p95!, 3)}, max ${fmt(r.max!, 3)}, min ${fmt(r.min!, 3)}`);
      out.desktop = d;
    }
  }

  if (want('capacity')) {
    say('\n== capacity: concurrent last_stand pdq matches, scripted agent, one gateway process, a game process each ==');
    const w = [9, 12, 12, 16, 18];
    say(row(['matches', 'wall s', 'game s', 'game s / wall s', 'vs 1 match'], w));
    const counts = quick ? [1, 4] : [1, 2, 4, 8, 16];
    const results = [];
    for (const n of counts) {
      const r = await benchCapacity(n, quick ? 20_000 : 60_000);
      results.push(r);
      say(row([n, fmt(r.wallMs / 1000), fmt(r.gameMs / 1000, 1), fmt(r.speed, 1), fmt(r.speed / results[0]!.speed)], w));
    }
    const best = results.reduce((a, b) => (b.speed > a.speed ? b : a));
    say(`at best ${fmt(best.speed, 1)} game seconds per wall second: about ${Math.floor(best.speed)} last_stand matches kept at real time (1 game s per wall s) by this machine`);
    out.capacity = results;
  }

  if (want('records')) {
    say('\n== records: last_stand pdq match (scripted, game process) vs its re-simulation and its video at 10 fps of game time ==');
    const r = await benchRecords(quick ? 10 : 30, quick ? 1 : 3);
    const w = [34, 20, 12];
    say(row(['', 'wall ms / game s', 'vs match'], w));
    say(row(['match', fmt(r.matchMsPerGameS, 1), '1.00'], w));
    say(row(['re-simulation (replay --verify)', fmt(r.resimMsPerGameS, 1), fmt(r.resimMsPerGameS / r.matchMsPerGameS)], w));
    say(row(['re-simulation rendering 10 fps', fmt(r.resimFramesMsPerGameS, 1), fmt(r.resimFramesMsPerGameS / r.matchMsPerGameS)], w));
    say(row(['video with panel (re-simulated)', fmt(r.videoPanelMsPerGameS, 1), fmt(r.videoPanelMsPerGameS / r.matchMsPerGameS)], w));
    say(row(['video without panel', fmt(r.videoPlainMsPerGameS, 1), fmt(r.videoPlainMsPerGameS / r.matchMsPerGameS)], w));
    say(`re-simulation runs ${fmt(r.matchMsPerGameS / r.resimMsPerGameS)}x the speed of the original run; the panel adds ${fmt(r.videoPanelMsPerGameS / r.videoPlainMsPerGameS)}x to a video (${fmt(r.simSeconds, 1)} s of game time per round)`);
    out.records = r;
  }

  if (want('spectators')) {
    say('\n== spectators: one last_stand pdq match through arena serve, N spectator streams (320 px, q60, 10 fps): Node clients in another process, and one Chromium page ==');
    const browser = browserMissing();
    if (browser) say(`browser rows skipped: ${browser}`);
    const w = [11, 8, 10, 13, 11, 12, 10, 8, 12, 12];
    say(row(['spectators', 'client', 'decisions', 'decisions/s', 'rate vs 0', 'cpu ms/dec', 'cpu vs 0', 'frames', 'age p50 ms', 'age p95 ms'], w));
    const results = [];
    const steps = quick ? 60 : 200;
    for (const n of quick ? [0, 1, 10] : [0, 1, 10, 50]) {
      for (const client of n === 0 ? (['node'] as const) : browser ? (['node'] as const) : (['node', 'browser'] as const)) {
        const r = await benchSpectators(n, steps, client);
        results.push(r);
        const base = results[0]!;
        say(row([n, n ? client : '-', r.decisions, fmt(r.decisionRate, 1), fmt(r.decisionRate / base.decisionRate), fmt(r.cpuMsPerDecision), fmt(r.cpuMsPerDecision / base.cpuMsPerDecision), r.framesReceived, n ? fmt(r.frameAgeP50Ms, 0) : '-', n ? fmt(r.frameAgeP95Ms, 0) : '-'], w));
      }
    }
    const clocks = results.flatMap((r) => (r.clock ? [r.clock] : []));
    if (clocks.length > 0) say(`browser clock against the gateway's: ${clocks.map((c) => `${fmt(c.offsetMs, 1)} +- ${fmt(c.uncertaintyMs, 1)} ms`).join(', ')} (taken out of the browser ages)`);
    out.spectators = results;
  }

  if (want('sweeps')) {
    say('\n== sweeps: the same short last_stand episodes one by one, as an embedded sweep, and on Redis workers (one process each) ==');
    const missing = redisBenchMissing();
    if (missing) say(`redis rows skipped: ${missing}`);
    const n = quick ? 8 : 24;
    const rows = await benchSweeps(n, quick ? [1, 2] : [1, 2, 4]);
    const w = [30, 9, 10, 12, 12, 16, 22];
    say(row(['how', 'episodes', 'wall s', 'episodes/min', 'vs one by one', 'episode ms', 'overhead ms (ratio)'], w));
    const base = rows[0]!;
    for (const r of rows) say(row([r.how, r.episodes, fmt(r.wallMs / 1000, 1), fmt(r.perMinute, 1), fmt(r.perMinute / base.perMinute), fmt(r.episodeMs, 0), r.overheadMs === undefined ? '-' : `${fmt(r.overheadMs, 0)} (${fmt(r.overheadMs / r.episodeMs)}x)`], w));
    const redis = rows.filter((r) => r.how.startsWith('redis'));
    if (redis.length > 1) say(`workers: ${redis.map((r) => `${r.how.split(',')[1]!.trim().split(' ')[0]} -> ${fmt(r.perMinute / redis[0]!.perMinute)}x`).join(', ')} the episodes/min of one worker`);
    out.sweeps = rows;
  }

  if (want('scale')) {
    const sizes = (values['scale-sizes'] ?? (quick ? '50,200' : '100,1000,10000')).split(',').map(Number);
    if (sizes.some((n) => !Number.isInteger(n) || n < 2)) throw new ArenaError(ErrorCode.BAD_CONFIG, `--scale-sizes takes whole numbers of 2 or more, comma-separated (got '${values['scale-sizes']}')`);
    say(`\n== sweep scale: ${sizes.join(', ')} one-decision episodes, embedded (1 at once) and on Redis (4 worker processes x 1 slot), then a kill -9 of the coordinator at half the largest and a resume ==`);
    const s = await benchSweepScale(sizes, 4, say);
    if (s.redisMissing) say(`redis rows skipped: ${s.redisMissing}`);
    const w = [9, 9, 9, 11, 13, 12, 12, 11, 14];
    say(row(['backend', 'episodes', 'wall s', 'episode ms', 'overhead ms', 'store KB', 'store B/ep', 'report ms', 'redis peak KB'], w));
    for (const r of s.rows) say(row([r.backend, r.episodes, fmt(r.wallMs / 1000, 1), fmt(r.episodeMs, 2), fmt(r.overheadMs, 3), fmt(r.storeBytes / 1024, 0), fmt(r.storeBytes / r.episodes, 0), fmt(r.reportMs, 0), r.redisPeakBytes === undefined ? '-' : `${fmt(r.redisPeakBytes / 1024, 0)} (+${fmt((r.redisPeakBytes - r.redisBaseBytes!) / 1024, 0)})`], w));
    say('overhead: embedded, wall ms per episode outside its episode; redis, the coordinator process\'s CPU ms per episode. redis peak: INFO used_memory at its highest during the sweep (+ over before it)');
    for (const backend of ['embedded', 'redis'] as const) {
      const rs = s.rows.filter((r) => r.backend === backend);
      if (rs.length < 2) continue;
      const [first, last] = [rs[0]!, rs[rs.length - 1]!];
      // Embedded, the share of an episode's own time is what a machine whose load changes between sizes keeps.
      const share = (r: (typeof rs)[number]): number => r.overheadMs / r.episodeMs;
      say(`${backend}: overhead per episode at ${last.episodes} / at ${first.episodes}: ${fmt(last.overheadMs / first.overheadMs)} (goal 1.10 or less)${backend === 'embedded' ? `; as a share of the episode's own time ${fmt(share(last), 3)} / ${fmt(share(first), 3)} = ${fmt(share(last) / share(first))}` : ''}; report build ms per episode ${fmt(last.reportMs / last.episodes, 3)} vs ${fmt(first.reportMs / first.episodes, 3)}${last.redisPeakBytes === undefined ? '' : `; Redis peak over base at ${last.episodes} / at ${first.episodes}: ${fmt((last.redisPeakBytes - last.redisBaseBytes!) / Math.max(1, first.redisPeakBytes! - first.redisBaseBytes!))} (goal: flat, bounded by the jobs in flight)`}`);
    }
    if (s.kill) say(`kill -9 of the coordinator at ${s.kill.storedAtKill} of ${s.kill.episodes} stored, then a resume: ${s.kill.stored} stored, ${s.kill.starts} episode starts, ${s.kill.playedTwice} played twice (goal 0), table ${s.kill.sameTable ? 'the same as' : 'DIFFERENT from'} the uninterrupted run's`);
    out.scale = s;
  }

  if (want('fleet')) {
    say('\n== fleet placement: 3 simulated GPU hosts (2, 2, 4 slots; 1x, 0.5x, 1x; launch 20 s, map open 3 s), 12 games x 4 maps x 5 seeds, in virtual time; both placements are the policies the Redis coordinator places with ==');
    const f = benchFleet();
    const w = [10, 12, 10, 10];
    say(row(['placement', 'makespan s', 'map loads', 'launches'], w));
    for (const [name, r] of [['fifo', f.fifo], ['affinity', f.affinity]] as const) say(row([name, fmt(r.makespanMs / 1000, 0), r.mapLoads, r.launches], w));
    say(`affinity/fifo: makespan ${fmt(f.affinity.makespanMs / f.fifo.makespanMs)} (goal 0.7 or less), map loads ${fmt(f.affinity.mapLoads / f.fifo.mapLoads)} (goal 0.3 or less); ${f.fifo.episodes} episodes, simulated in ${fmt(f.simulatedInMs, 0)} ms`);
    const p = benchPlacementScale();
    const [small, large] = [p.rows[0]!, p.rows[p.rows.length - 1]!];
    say(`affinity placement CPU per episode, whole simulated sweep: ${p.rows.map((r) => `${r.episodes} episodes ${fmt(r.cpuMsPerEpisode, 3)} ms`).join(', ')}; ${large.episodes} / ${small.episodes}: ${fmt(large.cpuMsPerEpisode / small.cpuMsPerEpisode)} (goal 1.10 or less)`);
    out.fleet = { fifo: { makespanMs: f.fifo.makespanMs, mapLoads: f.fifo.mapLoads, launches: f.fifo.launches }, affinity: { makespanMs: f.affinity.makespanMs, mapLoads: f.affinity.mapLoads, launches: f.affinity.launches }, placementScale: p.rows };
  }

  if (want('curves')) {
    say('\n== curves: one round of short last_stand episodes (scripted player), in process one after another, and through the work layer ==');
    const rows = await benchCurveRounds(quick ? 4 : 8);
    const w = [32, 9, 10, 16, 8];
    say(row(['how', 'episodes', 'wall s', 'vs in process', 'mean'], w));
    const base = rows[0]!;
    for (const r of rows) say(row([r.how, r.episodes, fmt(r.wallMs / 1000, 1), fmt(r.wallMs / base.wallMs), fmt(r.mean, 3)], w));
    say(`the round's mean is ${rows.every((r) => r.mean === base.mean) ? 'the same' : 'NOT the same'} every way`);
    out.curves = rows;
  }

  if (want('hardening')) {
    const seconds = quick ? 10 : 60;
    say(`\n== hardening: gateway memory, realtime last_stand ${seconds} s, a remote agent that never reads vs one that reads (idle play); 640x360 RGB observations ==`);
    // A short warm-up first, so that neither figure carries the first match's module loading.
    await benchConsumerMemory(false, 2000);
    const idle = await benchConsumerMemory(false, seconds * 1000);
    const deaf = await benchConsumerMemory(true, seconds * 1000);
    const mb = (b: number): string => fmt(b / 1024 / 1024, 1);
    const w = [12, 16, 20, 12, 12];
    say(row(['agent', 'peak heap+ext MB', 'peak socket buffer MB', 'decisions', 'dropped'], w));
    say(row(['reads', mb(idle.peakBytes), mb(idle.peakBufferedBytes), idle.decisions, idle.framesDropped], w));
    say(row(['never reads', mb(deaf.peakBytes), mb(deaf.peakBufferedBytes), deaf.decisions, deaf.framesDropped], w));
    say(`memory never-reads / reads: ${fmt(deaf.peakBytes / Math.max(1, idle.peakBytes))}x; frames dropped for the non-reader: ${deaf.framesDropped}`);
    const fz = await benchFuzzThroughput(quick ? 2000 : 5000);
    say(`fuzz: ${fmt(fz.hostilePerSecond, 0)} hostile msgpack messages refused per second (${fz.hostile}) vs ${fmt(fz.goodPerSecond, 0)} good hello round trips (${fz.good}), a connection each: ${fmt(fz.hostilePerSecond / fz.goodPerSecond)}x`);
    out.hardening = { idle, deaf, memoryRatio: deaf.peakBytes / Math.max(1, idle.peakBytes), fuzz: fz };
  }

  if (want('bridge')) {
    say('\n== bridge: last_stand 640x360, one 120 ms advance and its frame per decision, across a 20 ms-each-way link (TCP relay) vs loopback, by link encoding ==');
    const w = [8, 10, 12, 12, 14, 12, 12, 16];
    say(row(['frames', 'link', 'decisions/s', 'ms/advance', 'bytes/decision', 'age p50 ms', 'age p95 ms', 'vs loopback dps'], w));
    const runs = await benchBridgeLink(quick ? 15 : 60, quick ? 1 : 3);
    const loop = (enc: string) => runs.find((r) => r.encoding === enc && r.link === 'loopback')!;
    for (const r of runs) {
      say(row([r.encoding, r.link, fmt(r.decisionsPerSecond, 1), fmt(r.msPerAdvance, 2), fmt(r.bytesPerDecision, 0), fmt(r.frameAgeP50Ms, 1), fmt(r.frameAgeP95Ms, 1), fmt(r.decisionsPerSecond / loop(r.encoding).decisionsPerSecond)], w));
    }
    const rgb = loop('rgb');
    for (const enc of ['rgb', 'png', 'jpeg']) {
      const far = runs.find((r) => r.encoding === enc && r.link === '20ms')!;
      say(`${enc}: added latency per advance across the link ${fmt(far.msPerAdvance - loop(enc).msPerAdvance, 2)} ms (the link's round trip is 40 ms); bytes per decision ${fmt(far.bytesPerDecision / rgb.bytesPerDecision, 3)}x raw`);
    }
    out.bridge = runs;
  }

  if (want('perception')) {
    say('\n== perception: the native protocol\'s 256 frames of a 300 s 640x360 video, one ffmpeg pass vs one ffmpeg seek per frame ==');
    const p = await benchFrameSampling(300, quick ? 1 : 3);
    say(`one pass: ${fmt(p.onePassMs, 0)} ms for ${p.frames} frames; a seek per frame: ${fmt(p.perFrameSeekMs, 0)} ms; seek/one-pass ${fmt(p.perFrameSeekMs / p.onePassMs)}x`);
    out.perception = p;
  }

  if (want('gamepad')) {
    say('\n== gamepad axes: parse + compile of a 6-step answer with axis settings in every step vs the same answer with keys only ==');
    const g = await benchGamepadChunks(quick ? 2000 : 20_000, quick ? 3 : 7);
    say(`keys only: ${fmt(g.keys.perItemMs * 1000, 2)} us/decision; with axes: ${fmt(g.axes.perItemMs * 1000, 2)} us/decision; axes/keys ${fmt(g.axes.perItemMs / g.keys.perItemMs)}`);
    out.gamepad = g;
  }

  if (want('watch')) {
    say('\n== arena watch: a pdq sky_duel match with no observer vs with a watcher (QA + proactive, native, 1 fps; a local model answering NONE after 20 ms) ==');
    const r = await benchWatchOverhead(quick ? 2 : 5);
    say(`match wall time: bare ${fmt(r.bareMs, 0)} ms, watched ${fmt(r.watchedMs, 0)} ms (${fmt(r.simMs / 1000, 1)} s of game time); watched/bare ${fmt(r.watchedMs / r.bareMs)}; ${r.requests} watcher requests in all`);
    say('goal: watched/bare 1.25 or less (the watcher never holds the match up)');
    out.watch = r;
  }

  if (want('integrity')) {
    say('\n== frame integrity: judging each observation\'s frame (block hash + duplicate check) vs the observation\'s one JPEG encode, last_stand 640x360 ==');
    const r = await benchFrameIntegrity(quick ? 20 : 60, quick ? 3 : 7);
    for (const enc of ['rgb', 'jpeg', 'jpegDecoded'] as const) {
      const { check, observation } = r[enc];
      const cpu = check.cpuPerItemMs !== undefined && observation.cpuPerItemMs !== undefined ? `; by CPU time ${fmt(check.cpuPerItemMs, 3)} / ${fmt(observation.cpuPerItemMs, 3)} ms = ${fmt(check.cpuPerItemMs / observation.cpuPerItemMs, 3)}` : '';
      say(`${enc === 'jpegDecoded' ? 'jpeg frames, hashed by a sharp decode (the check before the DC reader)' : `${enc} frames`}: check ${fmt(check.perItemMs, 3)} ms/observation, encode ${fmt(observation.perItemMs, 3)} ms; check/observation ${fmt(check.perItemMs / observation.perItemMs, 3)}${cpu}`);
    }
    say('goal: check/observation 0.05 or less for rgb frames (CPU time, every thread of the process, is what a busy machine disturbs least); a jpeg frame\'s check (about 0.11 of an encode, off the agent\'s path) is accepted, with no goal');
    out.integrity = r;
  }

  if (want('policies')) {
    const revs = values.against?.split(',') ?? ['00b9de6'];
    say(`\n== scripted policies: ms in decide per decision (every slot, pdq, in process), this tree against ${revs.join(', ')} measured alongside (interleaved processes) ==`);
    const missing = policyBenchMissing();
    if (missing) say(`skipped: ${missing}`);
    else {
      const costs = await benchPolicies(revs, quick ? 30 : 300, quick ? 2 : 5);
      const w = [18, 12, ...revs.flatMap(() => [12, 12, 12])];
      say(row(['game', 'ms/decision', ...revs.flatMap((r) => [`${r} ms`, `vs ${r}`, 'quartiles'])], w));
      for (const c of costs) say(row([c.game, fmt(c.ms, 3), ...c.against.flatMap((a) => [fmt(a.ms, 3), fmt(a.ratio.median), `${fmt(a.ratio.p25)}-${fmt(a.ratio.p75)}`])], w));
      for (const [k, rev] of revs.entries()) {
        const over = costs.filter((c) => c.against[k]!.ratio.median > 1.1).map((c) => c.game);
        say(`against ${rev}: ${over.length === 0 ? 'every policy within 1.10x' : `above 1.10x: ${over.join(', ')}`} (goal: within 1.10x of 00b9de6)`);
      }
      out.policies = costs;
    }
  }

  if (want('python')) {
    say('\n== Python environments (python/): no-op steps per second at 160x90 RGB, pdq, recorded, against the gateway\'s in-process decision loop (interleaved rounds) ==');
    const missing = pythonBenchMissing();
    if (missing) say(`skipped: ${missing}`);
    else {
      const p = await benchPythonEnv(quick ? 1 : 3, quick ? 30 : 50);
      const w = [34, 12, 12, 12];
      say(row(['arm', 'steps/s', 'ratio', 'quartiles'], w));
      say(row(['in-process decision loop (idle)', fmt(p.inProcess, 1), '1.00', '-'], w));
      say(row(['gymnasium env, N = 1', fmt(p.python1, 1), fmt(p.oneOverInProcess.median), `${fmt(p.oneOverInProcess.p25)}-${fmt(p.oneOverInProcess.p75)}`], w));
      say(row([`AsyncVectorEnv, N = ${p.vectorEnvs} (vs N = 1)`, fmt(p.pythonN, 1), fmt(p.nOverOne.median), `${fmt(p.nOverOne.p25)}-${fmt(p.nOverOne.p75)}`], w));
      say(`goals: N = 1 at 0.50 or more of the in-process loop; N = ${p.vectorEnvs} at 1.60x or more of N = 1 (${p.steps} timed steps an arm, after each reset)`);
      out.python = p;
    }
  }

  mkdirSync('.bench', { recursive: true });
  writeFileSync('.bench/latest.json', `${JSON.stringify(out, null, 2)}\n`);
  say('\nwritten: .bench/latest.json');
  return 0;
}

/** `arena bench` in the command table. */
export const benchCli: CommandSpec = {
  flags: benchOptions,
  examples: ['arena bench', 'arena bench --quick --only frames,games'],
  notes: ['Every figure is a ratio against a baseline measured in the same run; results also go to .bench/latest.json.'],
  run: benchCommand,
};
