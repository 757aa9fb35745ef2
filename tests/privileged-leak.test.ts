/**
 * No privileged leak, for every reference game: what a VLM agent sends its model (captured at the fake
 * provider) carries no privileged state (no state field, in any message), no game event and nothing of the
 * scripted policy's view or notes, while the scripted partner in two-player games does get the state.
 */
import { describe, expect, it } from 'vitest';
import { createAgent, createVlmAgent } from '../agents/index.js';
import { builtinGames, scriptedPolicies } from '../games/index.js';
import { composeGamePrompt, getGame } from '../games-manifest/index.js';
import { readRunRecord, runMatch, type MatchSlot } from '../gateway/index.js';
import { formatChunk, type Agent, type Observation } from '../protocol/index.js';
import { launchInProcess } from './support/in-process-game.js';
import { useRunsAndProvider } from './support/runs-and-provider.js';

const env = useRunsAndProvider();

/** Keys of an OpenAI chat-completions request the VLM agent may send. */
const REQUEST_KEYS = new Set(['model', 'messages', 'stream', 'stream_options', 'include_usage', 'temperature', 'max_completion_tokens', 'max_tokens', 'role', 'content', 'type', 'text', 'image_url', 'url', 'detail']);

function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) keysOf(v, out.add(k));
  return out;
}

/** The text parts of a request (everything the model reads but the images). */
function texts(body: unknown): string {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'text' || (k === 'content' && typeof x === 'string')) out.push(String(x));
        else walk(x);
      }
    }
  };
  walk(body);
  return out.join('\n');
}

/** An agent that passes everything through and keeps what it observed. */
function watched(agent: Agent, seen: Observation[]): Agent {
  return { ...agent, start: (i) => agent.start(i), close: () => agent.close(), decide: (o, s) => (seen.push(o), agent.decide(o, s)) };
}

describe.each(builtinGames.map((g) => [g.id]))('%s', (id) => {
  it("a VLM agent's requests carry no privileged state, event or policy view", async () => {
    const entry = getGame(id);
    // A board takes a move in its notation; every other game a chunk pressing its first key.
    const move = entry.controls.move;
    const answer = move ? JSON.stringify({ move: move.example }) : formatChunk({ look: { dx: 0, dy: 0 }, steps: [[entry.controls.keys[0]!], []] });
    env.provider.script(...Array.from({ length: 4 }, () => ({ text: answer })));
    const before = env.provider.completions().length;
    const vlmSeen: Observation[] = [];
    const partnerSeen: Observation[] = [];
    const vlm: MatchSlot = { slot: 0, agent: watched(createVlmAgent({ baseUrl: env.provider.url, model: 'fake-vlm', maxSide: 160, historyLength: 3 }), vlmSeen) };
    const slots: MatchSlot[] = entry.slots.length === 2 ? [vlm, { slot: 1, agent: watched(createAgent('scripted', { scripted: scriptedPolicies, game: id, seed: 1 }), partnerSeen) }] : [vlm];
    const result = await runMatch({ game: id, runsDir: env.runs.dir, clock: 'pdq', stepBudget: 4, observationDelayMs: 1000, launch: launchInProcess, slots });
    expect(result.status, result.error?.message).toBe('complete');

    const requests = env.provider.completions().slice(before);
    // One request per decision: a board may end sooner (its example move repeated is refused, three refusals lose).
    const decisions = result.players.find((p) => p.slot === 0)!.decisions;
    expect(decisions).toBeGreaterThan(0);
    expect(requests).toHaveLength(decisions);
    expect(vlmSeen.every((o) => o.state === undefined)).toBe(true);
    // The privileged state: what the scripted partner read, and what the game gives a privileged client at reset.
    const stateKeys = new Set<string>();
    for (const o of partnerSeen) keysOf(o.state, stateKeys);
    if (entry.slots.length === 2) expect(stateKeys.size).toBeGreaterThan(0);
    const game = await launchInProcess(entry);
    try {
      const reply = await game.client.reset(1, entry.variants[0]!.id, entry.slots.map((s) => s.slot), { ...entry.frame, encoding: 'rgb' });
      keysOf(reply.state?.state, stateKeys);
    } finally {
      await game.close();
    }
    expect(stateKeys.size).toBeGreaterThan(0);
    const record = readRunRecord(result.dir);
    const prompt = composeGamePrompt(entry);
    const eventNames = [...new Set(record.events.flatMap((e) => (e.name ? [e.name] : [])))].filter((n) => !prompt.includes(n));
    const notes = record.decisions.flatMap((d) => (d.note ? [d.note] : []));
    for (const r of requests) {
      const body = JSON.parse(r.raw) as unknown;
      expect([...keysOf(body)].filter((k) => !REQUEST_KEYS.has(k))).toEqual([]);
      const text = texts(body);
      for (const k of stateKeys) expect(text, `state field ${k}`).not.toContain(`"${k}"`);
      for (const n of eventNames) expect(text, `event ${n}`).not.toContain(n);
      for (const n of notes) expect(text, 'a scripted policy note').not.toContain(n);
      expect(text).not.toMatch(/"state"|simMs|episode_end/);
    }
  });
});
