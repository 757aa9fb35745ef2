/** One episode of cue_chase: walking the plaza, offering the held item with F, and working through the trades. */
import { Prng, type InputEvent, type PlayerProgress } from '../../protocol/index.js';
import type { SimEnd, SimEvent, Simulation, SimulationOptions } from '../host/simulation.js';
import { createCanvas } from '../render/index.js';
import { clearLine, wrapDeg } from './geometry.js';
import { buildPlaza, hintText, personBox, solids, withArticle, type Box, type Person, type Plaza } from './plaza.js';
import { stepBody, type PlayerBody } from './player.js';
import { ITEMS, Rules } from './rules.js';
import type { CueChaseState } from './state.js';
import type { CueChaseVariant } from './variants.js';
import { drawScene } from './view.js';

/** The keys the game reads, by canonical name. */
const KEYS = ['W', 'A', 'S', 'D', 'Space', 'F'] as const;
type Key = (typeof KEYS)[number];

export class CueChaseSimulation implements Simulation {
  readonly tickMs = Rules.tickMs;
  private simMs = 0;
  private yawDeg: number;
  private pitchDeg: number = Rules.startPitch;
  private readonly held = new Set<Key>();
  private readonly plaza: Plaza;
  private readonly blockers: Box[];
  private readonly body: PlayerBody;
  private tradeIndex = 0;
  private interactQueued = false;
  private message: { text: string; untilMs: number; good: boolean } | undefined;
  private events: SimEvent[] = [];
  private end: SimEnd | undefined;
  private depth: Float32Array | undefined;
  private readonly playerSlot: number;

  constructor(
    private readonly variant: CueChaseVariant,
    options: SimulationOptions,
  ) {
    this.plaza = buildPlaza(variant, new Prng(options.seed, 1));
    this.blockers = solids(this.plaza);
    this.body = { x: variant.start.x, y: 0, z: variant.start.z, vy: 0, onGround: true };
    this.yawDeg = variant.start.yawDeg;
    this.playerSlot = options.slots[0] ?? 0;
  }

  /** The item in hand: the first item, or what the latest trade gave. */
  private get item(): string {
    return this.plaza.trades[this.tradeIndex - 1]?.get ?? ITEMS[0];
  }

  input(event: InputEvent): void {
    if (event.slot !== this.playerSlot) return;
    switch (event.type) {
      case 'key': {
        const key = KEYS.find((k) => k.toLowerCase() === event.key.toLowerCase());
        if (key === undefined) return;
        // F acts once per press, on the tick after it arrives.
        if (key === 'F' && event.down && !this.held.has('F')) this.interactQueued = true;
        if (event.down) this.held.add(key);
        else this.held.delete(key);
        return;
      }
      case 'look':
        this.yawDeg = wrapDeg(this.yawDeg + event.dx);
        this.pitchDeg = Math.min(Rules.pitchMax, Math.max(Rules.pitchMin, this.pitchDeg + event.dy));
        return;
      case 'button':
        return;
    }
  }

  tick(): void {
    if (this.end) return;
    this.simMs += this.tickMs;
    const controls = {
      forward: this.held.has('W'),
      back: this.held.has('S'),
      left: this.held.has('A'),
      right: this.held.has('D'),
      jump: this.held.has('Space'),
    };
    if (stepBody(this.body, controls, this.yawDeg, this.tickMs, this.blockers)) this.events.push({ name: 'jump', slot: this.playerSlot });
    if (this.interactQueued) {
      this.interactQueued = false;
      this.interact();
    }
    if (this.message && this.simMs >= this.message.untilMs) this.message = undefined;
    if (this.end === undefined && this.simMs >= this.variant.timeLimitMs) {
      this.end = { reason: 'time_limit', outcomes: [{ slot: this.playerSlot, result: 'none' }] };
    }
  }

  /** The person within reach that the camera heading points at most directly, seen past everything else. */
  private faced(): Person | undefined {
    const { x, z } = this.body;
    let best: Person | undefined;
    let bestAngle: number = Rules.facingDeg;
    for (const p of this.plaza.people) {
      const dist = Math.hypot(p.x - x, p.z - z);
      if (dist > Rules.reach) continue;
      const angle = Math.abs(wrapDeg((Math.atan2(p.x - x, p.z - z) * 180) / Math.PI - this.yawDeg));
      if (angle > bestAngle) continue;
      const own = personBox(p);
      const others = this.blockers.filter((b) => b.minX !== own.minX || b.minZ !== own.minZ || b.maxX !== own.maxX || b.maxZ !== own.maxZ);
      if (!clearLine(x, z, p.x, p.z, 1, others)) continue;
      best = p;
      bestAngle = angle;
    }
    return best;
  }

  private interact(): void {
    const trade = this.plaza.trades[this.tradeIndex];
    const person = this.faced();
    if (trade === undefined || person === undefined) {
      this.events.push({ name: 'interact_nothing', slot: this.playerSlot });
      return;
    }
    if (person !== trade.person) {
      this.say(`"No thanks, I don't need ${withArticle(this.item)}."`, false);
      this.events.push({ name: 'wrong_person', slot: this.playerSlot, data: { person: person.id } });
      return;
    }
    this.tradeIndex++;
    this.say(`Traded the ${trade.give} for ${withArticle(trade.get)}`, true);
    this.events.push({ name: 'trade', slot: this.playerSlot, data: { index: this.tradeIndex - 1, person: person.id, give: trade.give, get: trade.get } });
    if (this.tradeIndex >= this.plaza.trades.length) {
      this.events.push({ name: 'chain_complete', slot: this.playerSlot });
      this.end = { reason: 'completed', outcomes: [{ slot: this.playerSlot, result: 'win' }] };
    }
  }

  private say(text: string, good: boolean): void {
    this.message = { text, untilMs: this.simMs + Rules.messageMs, good };
  }

  private promptText(): string | undefined {
    return this.tradeIndex < this.plaza.trades.length && this.faced() !== undefined ? `Press F to offer the ${this.item}` : undefined;
  }

  private hint(): string | undefined {
    const trade = this.plaza.trades[this.tradeIndex];
    return trade === undefined ? undefined : hintText(trade);
  }

  render(_slot: number, width: number, height: number, out: Uint8Array): void {
    if (this.depth?.length !== width * height) this.depth = new Float32Array(width * height);
    drawScene(createCanvas(width, height, out, this.depth), {
      plaza: this.plaza,
      body: this.body,
      yawDeg: this.yawDeg,
      pitchDeg: this.pitchDeg,
      item: this.item,
      hint: this.hint(),
      tradeIndex: this.tradeIndex,
      tradeCount: this.plaza.trades.length,
      prompt: this.promptText(),
      message: this.message,
      secondsLeft: Math.max(0, Math.ceil((this.variant.timeLimitMs - this.simMs) / 1000)),
    });
  }

  progress(): readonly PlayerProgress[] {
    return [{ slot: this.playerSlot, progress: this.tradeIndex / this.plaza.trades.length, score: this.tradeIndex }];
  }

  drainEvents(): readonly SimEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  state(): CueChaseState {
    const { body, plaza, variant } = this;
    return {
      game: 'cue_chase',
      variant: variant.id,
      simMs: this.simMs,
      timeLimitMs: variant.timeLimitMs,
      tickMs: this.tickMs,
      player: { x: body.x, y: body.y, z: body.z, onGround: body.onGround },
      camera: { yaw: this.yawDeg, pitch: this.pitchDeg },
      held: this.item,
      hint: this.hint() ?? null,
      tradeIndex: this.tradeIndex,
      trades: plaza.trades.map((t, i) => ({ person: t.person.id, give: t.give, get: t.get, hintKind: t.hintKind, hint: hintText(t), done: i < this.tradeIndex })),
      people: plaza.people.map((p) => ({ id: p.id, shirt: p.shirt, hat: p.hat, landmark: p.landmark.id, x: p.x, z: p.z })),
      landmarks: plaza.landmarks.map((l) => ({ id: l.id, kind: l.kind, x: l.x, z: l.z })),
      solids: this.blockers.map((b) => ({ ...b })),
      plaza: { halfX: plaza.halfX, halfZ: plaza.halfZ },
      prompt: this.promptText() ?? null,
      message: this.message?.text ?? null,
      rules: { moveSpeed: Rules.moveSpeed, playerRadius: Rules.playerRadius, reach: Rules.reach, facingDeg: Rules.facingDeg },
    };
  }

  ended(): SimEnd | undefined {
    return this.end;
  }
}
