/** `arena sweep`'s flag table; the spec file is the one operand. */
import type { FlagTable } from '../../protocol/flag-table.js';

/** `arena sweep`'s flags. */
export const sweepOptions = {
  out: { type: 'string', arg: 'DIR', defaultText: 'runs/sweeps/NAME', description: 'the sweep folder: results.sqlite, runs/, report' },
  parallel: { type: 'string', kind: 'integer', arg: 'K', defaultText: '1', description: 'episodes at once in this process (embedded backend)' },
  redis: { type: 'string', arg: 'URL', description: 'run on workers through Redis instead (redis://host:port); this process stores results' },
  window: { type: 'string', kind: 'integer', arg: 'N', defaultText: '64', description: 'with --redis: most episodes queued at once' },
  'wait-workers': { type: 'string', kind: 'number', arg: 'S', defaultText: '10', description: 'with --redis: seconds to wait for a worker of each pool' },
  'redis-timeout': { type: 'string', kind: 'number', arg: 'S', defaultText: '15', description: 'with --redis: seconds Redis may be unreachable before the sweep stops' },
  'lock-ms': { type: 'string', kind: 'number', arg: 'MS', defaultText: '30000', description: 'with --redis: results job lock' },
  'dry-run': { type: 'boolean', description: 'print the cells and episode counts, play nothing' },
  resume: { type: 'boolean', description: 'play only what is not stored yet (what every run does; accepted for scripts)' },
  'retry-failed': { type: 'boolean', description: 'also replay episodes stored as infrastructure failures' },
  quiet: { type: 'boolean', description: 'no progress bar' },
} as const satisfies FlagTable;
