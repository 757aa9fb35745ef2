/** `arena games`: the manifest, one game a block (or JSON with --json). */
import { listGames } from '../../games-manifest/index.js';
import { parseFlags, type CommandSpec, type FlagTable } from '../cli/flags.js';

/** `arena games`'s flags. */
export const gamesOptions = {
  json: { type: 'boolean', description: 'print the full manifest entries as JSON' },
} as const satisfies FlagTable;

export async function gamesCommand(args: { json: boolean }): Promise<number> {
  const games = listGames();
  if (args.json) {
    process.stdout.write(`${JSON.stringify(games, null, 2)}\n`);
    return 0;
  }
  for (const g of games) {
    const c = g.controls;
    const controls = [...c.keys, ...c.buttons, ...c.mouseAxes.map((a) => `mouse ${a.toUpperCase()}`)].join(' ');
    process.stdout.write(
      [
        `${g.id}  (${g.regime}, ${g.view}, ${g.slots.length} player${g.slots.length > 1 ? 's' : ''})`,
        `  ${g.summary}`,
        c.move ? `  controls: one move per answer, written ${c.move.notation.replace(/\.$/, "")}; one move is ${c.stepMs / 1000} s of game time` : `  controls: ${controls}${c.tapControls.length ? ` (taps: ${c.tapControls.join(' ')})` : ''}; ${c.chunkSteps} steps x ${c.stepMs} ms`,
        `  progress: ${g.progress}`,
        `  limits: ${g.timeLimitMs / 1000} s, ${g.stepBudget} decisions; frame ${g.frame.width}x${g.frame.height}`,
        `  variants: ${g.variants.map((v) => (v.heldOut ? `${v.id} (held out)` : v.id)).join(', ')}`,
        '',
      ].join('\n'),
    );
  }
  return 0;
}

/** `arena games` in the command table. */
export const gamesCli: CommandSpec = {
  flags: gamesOptions,
  examples: ['arena games', 'arena games --json'],
  run: async (argv) => gamesCommand({ json: parseFlags('games', gamesOptions, argv).values.json }),
};
