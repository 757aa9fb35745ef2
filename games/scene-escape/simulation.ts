/** One episode of scene_escape: walking the rooms, using objects with F, and working through the task chain. */
import { Prng, type PlayerProgress } from '../../protocol/index.js';
import type { SimulationOptions } from '../runtime/simulation.js';
import { WalkAndUseEpisode, type WalkStart } from '../common/walk-and-use-episode.js';
import { buildWorld, solids, type Box, type World } from './layout.js';
import { Rules } from './rules.js';
import type { SceneEscapeState } from './state.js';
import { facedUsable, taskPhrase, taskTarget, usableId, type Usable } from './tasks.js';
import type { SceneEscapeVariant } from './variants.js';
import { drawScene } from './view.js';

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Where the player starts: the middle of the start room, facing the variant's heading. */
function startOf(variant: SceneEscapeVariant): WalkStart {
  const [c, r] = variant.start.cell;
  return { x: (c + 0.5) * Rules.roomSize, z: (r + 0.5) * Rules.roomSize, yawDeg: variant.start.yawDeg };
}

export class SceneEscapeSimulation extends WalkAndUseEpisode<SceneEscapeVariant> {
  private readonly world: World;
  private blockers: Box[];
  private taskIndex = 0;
  private readonly inventory: string[] = [];

  constructor(variant: SceneEscapeVariant, options: SimulationOptions) {
    super(variant, options, Rules, startOf(variant));
    this.world = buildWorld(variant, new Prng(options.seed, 1));
    this.blockers = solids(this.world);
  }

  protected solids(): readonly Box[] {
    return this.blockers;
  }

  private faced(): Usable | undefined {
    return facedUsable(this.world, this.blockers, this.body.x, this.body.z, this.pilot.yawDeg);
  }

  /** The current task's target when the player faces it within reach, else undefined. */
  private promptTarget(): Usable | undefined {
    const task = this.variant.chain[this.taskIndex];
    const faced = this.faced();
    return task !== undefined && faced !== undefined && usableId(faced) === taskTarget(task) ? faced : undefined;
  }

  protected interact(): void {
    const task = this.variant.chain[this.taskIndex];
    const faced = this.faced();
    if (task === undefined || faced === undefined) {
      this.emit('interact_nothing');
      return;
    }
    if (usableId(faced) !== taskTarget(task)) {
      this.say('Not the current task', false);
      this.emit('wrong_object', { id: usableId(faced) });
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
    this.emit('task_completed', { index: this.taskIndex - 1, target: taskTarget(task) });
    if (this.taskIndex >= this.variant.chain.length) {
      this.emit('escaped');
      this.finish('escaped', 'win');
    }
  }

  private promptText(): string | undefined {
    const task = this.variant.chain[this.taskIndex];
    return task !== undefined && this.promptTarget() !== undefined ? `Press F to ${taskPhrase(task)}` : undefined;
  }

  render(_slot: number, width: number, height: number, out: Uint8Array): void {
    const task = this.variant.chain[this.taskIndex];
    drawScene(this.canvas(width, height, out), {
      ...this.playerView(),
      world: this.world,
      task: task === undefined ? 'Escaped!' : capital(taskPhrase(task)),
      taskIndex: this.taskIndex,
      taskCount: this.variant.chain.length,
      prompt: this.promptText(),
      inventory: this.inventory,
    });
  }

  progress(): readonly PlayerProgress[] {
    return [{ slot: this.playerSlot, progress: this.taskIndex / this.variant.chain.length, score: this.taskIndex }];
  }

  state(): SceneEscapeState {
    const { world, variant } = this;
    return {
      ...this.walkerHead('scene_escape'),
      tasks: variant.chain.map((t, i) => ({ text: capital(taskPhrase(t)), target: taskTarget(t), done: i < this.taskIndex })),
      taskIndex: this.taskIndex,
      prompt: this.promptText() ?? null,
      message: this.message?.text ?? null,
      inventory: [...this.inventory],
      objects: world.things.map((t) => ({ id: t.id, kind: t.kind, colour: t.colour, x: t.x, z: t.z, used: t.used })),
      doors: world.doors.map((d) => ({ id: d.id, kind: d.kind, colour: d.colour ?? null, x: d.x, z: d.z, axis: d.axis, open: d.open })),
      solids: this.blockers.map((b) => ({ ...b })),
      map: { width: world.width, depth: world.depth, roomSize: Rules.roomSize },
      rules: this.reachRules(),
    };
  }
}
