/**
 * `arena watch`'s flag table: the match's (as `arena match`'s, less the model's, which here are the watcher's),
 * then the watcher's. Data only, so `--help` and the service's checks load no perception code.
 */
import type { FlagTable } from '../../protocol/flag-table.js';
import { matchOptions } from '../match/match-flags.js';

const { model: _m, 'base-url': _b, 'api-key-env': _k, 'agent-config': _c, swap: _s, video: _v, 'video-fps': _f, listen: _l, json: _j, ...matchFlags } = matchOptions;

/** `arena watch`'s flags: the match's (as `arena match`), then the watcher's. */
export const watchOptions = {
  ...matchFlags,
  model: { type: 'string', arg: 'M', description: "the watcher's model (required)" },
  'base-url': { type: 'string', arg: 'URL', description: "the watcher's OpenAI-compatible endpoint (required)" },
  'api-key-env': { type: 'string', arg: 'VAR', defaultText: 'no key', description: "the environment variable that holds the watcher's API key" },
  fps: { type: 'string', kind: 'number', arg: 'F', default: '1', description: 'frames per second of game time the watcher gets (0.1 to 10)' },
  history: { type: 'string', arg: 'native[:CAP]|window:S', default: 'native', description: 'native: one growing conversation, at most CAP images (default 256); window:S: a fresh request of the last S seconds at each query' },
  tasks: { type: 'string', arg: 'qa,proactive', default: 'qa,proactive', description: 'the tasks to run' },
  view: { type: 'string', kind: 'integer', arg: 'SLOT', default: '0', description: "whose view the watcher sees" },
  'qa-every': { type: 'string', kind: 'number', arg: 'S', default: '10', description: 'a question every S seconds of game time' },
  monitor: { type: 'string', arg: 'event:NAME|completion:NAME|lead|score', defaultText: 'lead with two or more players, score otherwise', description: 'what the proactive instruction asks the watcher to report' },
  tolerance: { type: 'string', kind: 'number', arg: 'S', default: '5', description: 'how long an event trigger stays valid, seconds (cut at the next trigger)' },
  'max-side': { type: 'string', kind: 'integer', arg: 'PX', default: '768', description: 'largest image side sent to the watcher' },
  'request-timeout': { type: 'string', kind: 'number', arg: 'S', default: '60', description: "deadline of one watcher request; past it the response is recorded as incomplete" },
  retries: { type: 'string', kind: 'integer', arg: 'N', default: '0', description: 'retries of a failed watcher request' },
  'max-tokens': { type: 'string', kind: 'integer', arg: 'N', default: '64', description: 'output cap of one watcher reply' },
  deployment: { type: 'string', arg: 'TEXT', default: 'undeclared', description: 'how the model is served, declared in the report (e.g. local-service, remote-api, loaded-weights)' },
  out: { type: 'string', arg: 'DIR', description: 'where watch.json, requests.jsonl and summary.txt go (required); the match record goes into DIR/runs unless --runs-dir says otherwise' },
  quiet: { type: 'boolean', description: 'no progress bar' },
} as const satisfies FlagTable;
