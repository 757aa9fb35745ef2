/** One episode of scene_escape: walking the rooms, using objects with F, and working through the task chain. */
import { Prng, type InputEvent, type PlayerProgress } from '../../protocol/index.js';
import type { SimEnd, SimEvent, Simulation, SimulationOptions } from '../host/simulation.js';
import { createCanvas } from '../render/index.js';
import { buildWorld, solids, type Box, type World } from './layout.js';
import { stepBody, type PlayerBody } from './player.js';
import { Rules } from './rules.js';
import type { SceneEscapeState } from './state.js';
import { facedUsable, taskPhrase, taskTarget, usableId, wrapDeg, type Usable } from './tasks.js';
import type { SceneEscapeVariant } from './variants.js';
import { drawScene } from './view.js';

/** The keys the game reads, by canonical name. */
const KEYS = ['W', 'A', 'S', 'D', 'Space', 'F'] as const;
type Key = (typeof KEYS)[number];

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export class SceneEscapeSimulation implements Simulation {
  readonly tickMs = Rules.tickMs;
  private simMs = 0;
  private yawDeg: number;
  private pitchDeg: number = Rules.startPitch;
  private readonly held = new Set<Key>();
  private readonly world: World;
  private blockers: Box[];
  private readonly body: PlayerBody;
  private taskIndex = 0;
  private readonly inventory: string[] = [];
  private interactQueued = false;
  private message: { text: string; untilMs: number; good: boolean } | undefined;
  private events: SimEvent[] = [];
  private end: SimEnd | undefined;
  private depth: Float32Array | undefined;
  private readonly playerSlot: number;

  constructor(
    private readonly variant: SceneEscapeVariant,
    options: SimulationOptions,
  ) {
    this.world = buildWorld(variant, new Prng(options.seed, 1));
    this.blockers = solids(this.world);
    const [c, r] = variant.start.cell;
    this.body = { x: (c + 0.5) * Rules.roomSize, y: 0, z: (r + 0.5) * Rules.roomSize, vy: 0, onGround: true };
    this.yawDeg = variant.start.yawDeg;
    this.playerSlot = options.slots[0] ?? 0;
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

  private faced(): Usable | undefined {
    return facedUsable(this.world, this.blockers, this.body.x, this.body.z, this.yawDeg);
  }

  /** The current task's target when the player faces it within reach, else undefined. */
  private promptTarget(): Usable | undefined {
    const task = this.variant.chain[this.taskIndex];
    const faced = this.faced();
    return task !== undefined && faced !== undefined && usableId(faced) === taskTarget(task) ? faced : undefined;
  }

  private interact(): void {
    const task = this.variant.chain[this.taskIndex];
    const faced = this.faced();
    if (task === undefined || faced === undefined) {
      this.events.push({ name: 'interact_nothing', slot: this.playerSlot });
      return;
    }
    if (usableId(faced) !== taskTarget(task)) {
      this.say('Not the current task', false);
      this.events.push({ name: 'wrong_object', slot: this.playerSlot, data: { id: usableId(faced) } });
      return;
    }
    if (faced.kind === 'thing') {
      const { thing } = faced;
      thing.used = true;
      if (thing.kind === 'key') this.inventory.push(thing.colour);
      if (thing.kind === 'lever' || thing.kind === 'button') {
        for (const gate of this.world.doors) {
          if (gate.kind !== 'gate' || gate.colour !== thing.colour) continue;
          gate.open = true;
          this.events.push({ name: 'gate_opened', data: { id: gate.id } });
        }
      }
    } else {
      faced.door.open = true;
      const k = this.inventory.indexOf(faced.door.colour ?? '');
      if (k >= 0) this.inventory.splice(k, 1);
      this.events.push({ name: 'door_opened', data: { id: faced.door.id } });
    }
    this.blockers = solids(this.world);
    this.taskIndex++;
    this.say(`Done: ${taskPhrase(task)}`, true);
    this.events.push({ name: 'task_completed', slot: this.playerSlot, data: { index: this.taskIndex - 1, target: taskTarget(task) } });
    if (this.taskIndex >= this.variant.chain.length) {
      this.events.push({ name: 'escaped', slot: this.playerSlot });
      this.end = { reason: 'escaped', outcomes: [{ slot: this.playerSlot, result: 'win' }] };
    }
  }

  private say(text: string, good: boolean): void {
    this.message = { text, untilMs: this.simMs + Rules.messageMs, good };
  }

  private promptText(): string | undefined {
    const task = this.variant.chain[this.taskIndex];
    return task !== undefined && this.promptTarget() !== undefined ? `Press F to ${taskPhrase(task)}` : undefined;
  }

  render(_slot: number, width: number, height: number, out: Uint8Array): void {
    if (this.depth?.length !== width * height) this.depth = new Float32Array(width * height);
    const task = this.variant.chain[this.taskIndex];
    drawScene(createCanvas(width, height, out, this.depth), {
      world: this.world,
      body: this.body,
      yawDeg: this.yawDeg,
      pitchDeg: this.pitchDeg,
      task: task === undefined ? 'Escaped!' : capital(taskPhrase(task)),
      taskIndex: this.taskIndex,
      taskCount: this.variant.chain.length,
      prompt: this.promptText(),
      message: this.message,
      inventory: this.inventory,
      secondsLeft: Math.max(0, Math.ceil((this.variant.timeLimitMs - this.simMs) / 1000)),
    });
  }

  progress(): readonly PlayerProgress[] {
    return [{ slot: this.playerSlot, progress: this.taskIndex / this.variant.chain.length, score: this.taskIndex }];
  }

  drainEvents(): readonly SimEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  state(): SceneEscapeState {
    const { body, world, variant } = this;
    return {
      game: 'scene_escape',
      variant: variant.id,
      simMs: this.simMs,
      timeLimitMs: variant.timeLimitMs,
      tickMs: this.tickMs,
      player: { x: body.x, y: body.y, z: body.z, onGround: body.onGround },
      camera: { yaw: this.yawDeg, pitch: this.pitchDeg },
      tasks: variant.chain.map((t, i) => ({ text: capital(taskPhrase(t)), target: taskTarget(t), done: i < this.taskIndex })),
      taskIndex: this.taskIndex,
      prompt: this.promptText() ?? null,
      message: this.message?.text ?? null,
      inventory: [...this.inventory],
      objects: world.things.map((t) => ({ id: t.id, kind: t.kind, colour: t.colour, x: t.x, z: t.z, used: t.used })),
      doors: world.doors.map((d) => ({ id: d.id, kind: d.kind, colour: d.colour ?? null, x: d.x, z: d.z, axis: d.axis, open: d.open })),
      solids: this.blockers.map((b) => ({ ...b })),
      map: { width: world.width, depth: world.depth, roomSize: Rules.roomSize },
      rules: { moveSpeed: Rules.moveSpeed, playerRadius: Rules.playerRadius, reach: Rules.reach, facingDeg: Rules.facingDeg },
    };
  }

  ended(): SimEnd | undefined {
    return this.end;
  }
}
