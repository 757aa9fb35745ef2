/** `arena snapshot`: a PNG of a game's first frame, or with --all a contact sheet of every game and variant. */
import { writeFileSync } from 'node:fs';
import { builtinGames } from '../../games/index.js';
import { getGame, getVariant } from '../../games-manifest/index.js';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { parseFlags, type CommandSpec, type FlagTable } from '../cli/flags.js';
import { allShots, contactSheet, firstFrame } from '../contact-sheet.js';

/** `arena snapshot`'s flags. */
export const snapshotOptions = {
  all: { type: 'boolean', description: 'a contact sheet of every game, variant and player view instead of one game' },
  game: { type: 'string', arg: 'ID', defaultText: 'last_stand', description: 'a reference game' },
  variant: { type: 'string', arg: 'ID', defaultText: "the game's first", description: 'a variant of that game' },
  seed: { type: 'string', kind: 'integer', arg: 'S', default: '1', description: "the episode's seed" },
  out: { type: 'string', arg: 'FILE', defaultText: 'GAME-VARIANT.png, or docs/contact-sheet.jpg with --all', description: 'the image written (.png or .jpg by the name)' },
  width: { type: 'string', kind: 'integer', arg: 'PX', default: '320', description: 'thumbnail width in the contact sheet (with --all)' },
} as const satisfies FlagTable;

export async function snapshotCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags('snapshot', snapshotOptions, argv);
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

/** `arena snapshot` in the command table. */
export const snapshotCli: CommandSpec = {
  flags: snapshotOptions,
  examples: ['arena snapshot --game sky_duel --variant corners --out /tmp/sky_duel.png', 'arena snapshot --all --width 192 --out /tmp/contact-sheet.jpg'],
  run: snapshotCommand,
};
