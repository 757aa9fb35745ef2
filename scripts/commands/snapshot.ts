/** `arena snapshot`: a PNG of a game's first frame, or with --all a contact sheet of every game and variant. */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { builtinGames } from '../../games/index.js';
import { getGame, getVariant } from '../../games-manifest/index.js';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { allShots, contactSheet, firstFrame } from '../contact-sheet.js';

export async function snapshotCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { all: { type: 'boolean', default: false }, game: { type: 'string' }, variant: { type: 'string' }, seed: { type: 'string', default: '1' }, out: { type: 'string' }, width: { type: 'string', default: '320' } },
    strict: true,
  });
  const seed = Number(values.seed);
  const thumb = Number(values.width);
  if (values.all) {
    const out = values.out ?? 'docs/contact-sheet.jpg';
    writeFileSync(out, await contactSheet(allShots(builtinGames, seed), thumb, /\.jpe?g$/i.test(out) ? 'jpeg' : 'png'));
    process.stdout.write(`${out}\n`);
    return 0;
  }
  const entry = getGame(values.game ?? 'last_stand');
  const def = builtinGames.find((g) => g.id === entry.id);
  if (!def) throw new ArenaError(ErrorCode.UNKNOWN_GAME, `${entry.id} is not a built-in game; snapshots render built-in games only`);
  const variant = getVariant(entry, values.variant ?? entry.variants[0]!.id).id;
  const out = values.out ?? `${entry.id}-${variant}.png`;
  writeFileSync(out, await contactSheet([def.slots.map((s) => firstFrame(def, variant, s.slot, seed))], entry.frame.width));
  process.stdout.write(`${out}\n`);
  return 0;
}
