/** One episode of cue_chase: walking the plaza, offering the held item with F, and working through the trades. */
import { Prng, type PlayerProgress } from '../../protocol/index.js';
import type { SimulationOptions } from '../runtime/simulation.js';
import { wrapDeg } from '../common/angles.js';
import { clearLine } from '../common/collide.js';
import { WalkAndUseEpisode } from '../common/walk-and-use-episode.js';
import { buildPlaza, hintText, personBox, solids, withArticle, type Box, type Person, type Plaza } from './plaza.js';
import { ITEMS, Rules } from './rules.js';
import type { CueChaseState } from './state.js';
import type { CueChaseVariant } from './variants.js';
import { drawScene } from './view.js';

export class CueChaseSimulation extends WalkAndUseEpisode<CueChaseVariant> {
  private readonly plaza: Plaza;
  private readonly blockers: Box[];
  private tradeIndex = 0;

  constructor(variant: CueChaseVariant, options: SimulationOptions) {
    super(variant, options, Rules, variant.start);
    this.plaza = buildPlaza(variant, new Prng(options.seed, 1));
    this.blockers = solids(this.plaza);
  }

  /** The item in hand: the first item, or what the latest trade gave. */
  private get item(): string {
    return this.plaza.trades[this.tradeIndex - 1]?.get ?? ITEMS[0];
  }

  protected solids(): readonly Box[] {
    return this.blockers;
  }

  /** The person within reach that the camera heading points at most directly, seen past everything else. */
  private faced(): Person | undefined {
    const { x, z } = this.body;
    let best: Person | undefined;
    let bestAngle: number = Rules.facingDeg;
    for (const p of this.plaza.people) {
      const dist = Math.hypot(p.x - x, p.z - z);
      if (dist > Rules.reach) continue;
      const angle = Math.abs(wrapDeg((Math.atan2(p.x - x, p.z - z) * 180) / Math.PI - this.pilot.yawDeg));
      if (angle > bestAngle) continue;
      const own = personBox(p);
      const others = this.blockers.filter((b) => b.minX !== own.minX || b.minZ !== own.minZ || b.maxX !== own.maxX || b.maxZ !== own.maxZ);
      if (!clearLine(x, z, p.x, p.z, 1, others)) continue;
      best = p;
      bestAngle = angle;
    }
    return best;
  }

  protected interact(): void {
    const trade = this.plaza.trades[this.tradeIndex];
    const person = this.faced();
    if (trade === undefined || person === undefined) {
      this.emit('interact_nothing');
      return;
    }
    if (person !== trade.person) {
      this.say(`"No thanks, I don't need ${withArticle(this.item)}."`, false);
      this.emit('wrong_person', { person: person.id });
      return;
    }
    this.tradeIndex++;
    this.say(`Traded the ${trade.give} for ${withArticle(trade.get)}`, true);
    this.emit('trade', { index: this.tradeIndex - 1, person: person.id, give: trade.give, get: trade.get });
    if (this.tradeIndex >= this.plaza.trades.length) {
      this.emit('chain_complete');
      this.finish('completed', 'win');
    }
  }

  private promptText(): string | undefined {
    return this.tradeIndex < this.plaza.trades.length && this.faced() !== undefined ? `Press F to offer the ${this.item}` : undefined;
  }

  private hint(): string | undefined {
    const trade = this.plaza.trades[this.tradeIndex];
    return trade === undefined ? undefined : hintText(trade);
  }

  render(_slot: number, width: number, height: number, out: Uint8Array): void {
    drawScene(this.canvas(width, height, out), {
      ...this.playerView(),
      plaza: this.plaza,
      item: this.item,
      hint: this.hint(),
      tradeIndex: this.tradeIndex,
      tradeCount: this.plaza.trades.length,
      prompt: this.promptText(),
    });
  }

  progress(): readonly PlayerProgress[] {
    return [{ slot: this.playerSlot, progress: this.tradeIndex / this.plaza.trades.length, score: this.tradeIndex }];
  }

  state(): CueChaseState {
    const { plaza } = this;
    return {
      ...this.walkerHead('cue_chase'),
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
      rules: this.reachRules(),
    };
  }
}
