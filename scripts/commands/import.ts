/** `arena import omnigamearena PATH --out DIR`: a runner checkout's cold-start grid as arena match configs and build recipes, its IDC configs as curve configs. */
import { usage } from '../cli-error.js';
import { parseFlags, type CommandSpec, type FlagTable } from '../cli/flags.js';
import { readCheckout } from '../../plans/index.js';
import { writeImport } from '../../plans/index.js';

/** `arena import`'s flags; the source (`omnigamearena`) and the checkout's path are the operands. */
export const importOptions = {
  out: { type: 'string', arg: 'DIR', default: 'omnigamearena-import', description: 'where the match configs, recipes and import.json go' },
  'base-url': { type: 'string', arg: 'URL', default: 'http://127.0.0.1:8000/v1', description: 'the model endpoint written into every VLM agent' },
  json: { type: 'boolean', description: 'print the index as JSON' },
} as const satisfies FlagTable;

export async function importCommand(argv: string[]): Promise<number> {
  const { values, operands: positionals } = parseFlags('import', importOptions, argv, true);
  const [source, path] = positionals;
  if (source !== 'omnigamearena' || path === undefined || positionals.length !== 2) throw usage(`usage: arena import omnigamearena PATH [--out DIR]; see arena import --help`);
  const index = writeImport(readCheckout(path), values.out, { baseUrl: values['base-url'] });
  if (values.json) process.stdout.write(`${JSON.stringify(index, null, 2)}\n`);
  else {
    process.stdout.write(`${index.matches.length} match configs, ${index.recipes.length} recipes, ${index.curves.length} curve configs written to ${values.out}\n`);
    for (const n of index.notes) process.stdout.write(`note: ${n}\n`);
  }
  return 0;
}

/** `arena import` in the command table. */
export const importCli: CommandSpec = {
  flags: importOptions,
  operands: { name: 'omnigamearena PATH', description: 'a local checkout of the OmniGameArena runner (docs/omnigamearena.md)' },
  examples: ['arena import omnigamearena tests/fixtures/omnigamearena-checkout --out /tmp/omnigamearena-import'],
  notes: [
    'Reads the checkout (configs/maps.yaml, configs/vlm/cold_start, configs/vlm/idc, its game prompts) and writes into DIR:',
    '  matches/<game>/<config>--<model>.json   one arena match config per cold-start config and model line-up',
    '  recipes/<game>.json                     the RemoteInput recipe of each game under the profile',
    "  curves/<game>--<model>.json             an arena curve --config file per IDC config, in the runner's style",
    '  import.json                             the index, with every setting that could not be carried over',
    'Run one with: arena match --config DIR/matches/last_stand/vanilla_pdq--MODEL.json',
  ],
  run: importCommand,
};
