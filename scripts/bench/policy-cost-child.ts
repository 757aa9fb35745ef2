/**
 * Run by the `policies` bench in a tree of its own (this one, or an older commit's, through tsx): plays
 * `decisions` pdq decisions of each named game's first variant with its scripted policy on every slot, in
 * this process with no sockets, twice (the first warms up), and prints one JSON line: the CPU ms spent in
 * the policies' `decide` per decision, by game (CPU time, which a busy machine's other processes disturb less than wall time). It imports only what every measured commit has.
 */
import { builtinGames, scriptedPolicies } from '../../games/index.js';
import { getGame } from '../../games-manifest/index.js';
import { compileChunk } from '../../gateway/index.js';
import type { InputEvent } from '../../protocol/index.js';

const [decisionsArg, gamesArg] = process.argv.slice(2);
const decisions = Number(decisionsArg);
const games = gamesArg === undefined ? undefined : new Set(gamesArg.split(','));

/** ms in `decide` per decision over one seeded episode of `decisions` rounds (fresh episodes after an end). */
async function episodeCost(id: string): Promise<number> {
  const def = builtinGames.find((g) => g.id === id)!;
  const entry = getGame(id);
  const slots = def.slots.map((s) => s.slot);
  const players = slots.map((slot) => ({ slot, agent: scriptedPolicies[id]!() }));
  for (const p of players) await p.agent.start({ matchId: 'bench', game: id, variant: def.variants[0]!, slot: p.slot, team: entry.slots.find((s) => s.slot === p.slot)?.team ?? 0, controls: entry.controls, gamePrompt: '', stepBudget: decisions });
  let sim = def.create({ seed: 1, variant: def.variants[0]!, slots });
  const signal = new AbortController().signal;
  let spent = 0;
  for (let step = 0; step < decisions; step++) {
    if (sim.ended() !== undefined) sim = def.create({ seed: step + 2, variant: def.variants[0]!, slots });
    const state = sim.state();
    const inputs: InputEvent[] = [];
    let runMs = 2000;
    for (const p of players) {
      const observation = { slot: p.slot, step, simMs: Number(state['simMs'] ?? 0), frame: { seq: step, width: 1, height: 1, encoding: 'rgb' as const, data: new Uint8Array(3) }, progress: 0, state };
      const t0 = process.cpuUsage();
      const decision = await p.agent.decide(observation, signal);
      const used = process.cpuUsage(t0);
      spent += (used.user + used.system) / 1000;
      if (decision.kind !== 'chunk') continue;
      const compiled = compileChunk({ look: decision.chunk.look, steps: decision.chunk.steps.slice(0, entry.controls.chunkSteps) }, entry.controls, p.slot);
      inputs.push(...compiled.inputs);
      runMs = Math.max(runMs, compiled.durationMs + 2000);
    }
    inputs.sort((a, b) => a.at - b.at);
    let next = 0;
    for (let t = 0; t < runMs && sim.ended() === undefined; t += sim.tickMs) {
      for (; next < inputs.length && inputs[next]!.at < t + sim.tickMs; next++) sim.input(inputs[next]!);
      sim.tick();
    }
    if (sim.ended() === undefined) for (const event of inputs.slice(next)) sim.input(event);
  }
  return spent / (decisions * players.length);
}

const out: Record<string, number> = {};
for (const id of Object.keys(scriptedPolicies)) {
  if (games && !games.has(id)) continue;
  if (!builtinGames.some((g) => g.id === id)) continue;
  await episodeCost(id);
  out[id] = await episodeCost(id);
}
process.stdout.write(`${JSON.stringify(out)}\n`);
