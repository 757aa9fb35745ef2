/** `arena import omnigamearena PATH --out DIR`: a runner checkout's cold-start grid as arena match configs and build recipes. */
import { parseArgs } from 'node:util';
import { usage } from '../cli-error.js';
import { readCheckout } from '../runner-import/read-checkout.js';
import { writeImport } from '../runner-import/write-configs.js';

const HELP = `usage: arena import omnigamearena PATH [--out DIR] [--base-url URL] [--json]

Reads a local checkout of the OmniGameArena runner at PATH (configs/maps.yaml, configs/vlm/cold_start,
configs/vlm/idc, its game prompts) and writes into DIR (default omnigamearena-import):
  matches/<game>/<config>--<model>.json   one arena match config per cold-start config and model line-up
  recipes/<game>.json                     the RemoteInput recipe of each game under the profile
  import.json                             the index, with every setting that could not be carried over
Run one with: arena match --config DIR/matches/last_stand/vanilla_pdq--MODEL.json
  --base-url URL   the model endpoint written into every VLM agent (default http://127.0.0.1:8000/v1)
  --json           print the index as JSON
`;

const options = { out: { type: 'string' }, 'base-url': { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } } as const;

export async function importCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const [source, path] = positionals;
  if (source !== 'omnigamearena' || path === undefined || positionals.length !== 2) throw usage(`usage: arena import omnigamearena PATH [--out DIR]; see arena import --help`);
  const index = writeImport(readCheckout(path), values.out ?? 'omnigamearena-import', { baseUrl: values['base-url'] ?? 'http://127.0.0.1:8000/v1' });
  if (values.json) process.stdout.write(`${JSON.stringify(index, null, 2)}\n`);
  else {
    process.stdout.write(`${index.matches.length} match configs, ${index.recipes.length} recipes written to ${values.out ?? 'omnigamearena-import'}\n`);
    for (const n of index.notes) process.stdout.write(`note: ${n}\n`);
  }
  return 0;
}
