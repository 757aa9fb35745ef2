/** The task chain: what each task says, which object it names, and which object the player is facing. */
import { wrapDeg } from '../common/angles.js';
import { clearLine } from '../common/collide.js';
import { doorBox, thingBox, type Box, type Door, type Thing, type World } from './layout.js';
import { Rules } from './rules.js';
import type { TaskSpec } from './variants.js';

/** The id of the object or door a task names. */
export function taskTarget(spec: TaskSpec): string {
  return spec.kind === 'exit' ? 'exit' : `${spec.colour}_${spec.kind}`;
}

/** The verb phrase of a task, lower case: "pick up the red key". */
export function taskPhrase(spec: TaskSpec): string {
  switch (spec.kind) {
    case 'key':
      return `pick up the ${spec.colour} key`;
    case 'door':
      return `open the ${spec.colour} door`;
    case 'lever':
      return `pull the ${spec.colour} lever`;
    case 'button':
      return `press the ${spec.colour} button`;
    case 'chest':
      return `open the ${spec.colour} chest`;
    case 'exit':
      return 'open the exit door';
  }
}

/** Something the player can use: an unused thing or a closed door or exit (gates open by levers and buttons only). */
export type Usable = { readonly kind: 'thing'; readonly thing: Thing } | { readonly kind: 'door'; readonly door: Door };

export const usableId = (u: Usable): string => (u.kind === 'thing' ? u.thing.id : u.door.id);

/** The usable object within reach that the camera heading points at most directly, seen past walls and furniture. */
export function facedUsable(world: World, solids: readonly Box[], x: number, z: number, yawDeg: number): Usable | undefined {
  const candidates: Usable[] = [
    ...world.things.filter((t) => !t.used).map((thing): Usable => ({ kind: 'thing', thing })),
    ...world.doors.filter((d) => !d.open && d.kind !== 'gate').map((door): Usable => ({ kind: 'door', door })),
  ];
  let best: Usable | undefined;
  let bestAngle: number = Rules.facingDeg;
  for (const u of candidates) {
    const [tx, tz, own] = u.kind === 'thing' ? [u.thing.x, u.thing.z, thingBox(u.thing)] : [u.door.x, u.door.z, doorBox(u.door)];
    const dist = Math.hypot(tx - x, tz - z);
    if (dist > Rules.reach) continue;
    const angle = dist < 1e-6 ? 0 : Math.abs(wrapDeg((Math.atan2(tx - x, tz - z) * 180) / Math.PI - yawDeg));
    if (angle > bestAngle) continue;
    const blockers = solids.filter((b) => b !== own && !sameBox(b, own));
    if (!clearLine(x, z, tx, tz, 1, blockers)) continue;
    best = u;
    bestAngle = angle;
  }
  return best;
}

function sameBox(a: Box, b: Box): boolean {
  return a.minX === b.minX && a.minZ === b.minZ && a.maxX === b.maxX && a.maxZ === b.maxZ && a.minY === b.minY && a.maxY === b.maxY;
}
