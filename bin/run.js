#!/usr/bin/env node
// Runs one source module as its own process (`node bin/run.js games/last-stand/main.ts`): compiled when
// dist/ is fresh, else through tsx (bin/code.js). Game processes start this way.
import { startModule } from './code.js';

const [source] = process.argv.splice(2, 1);
if (source === undefined || !source.endsWith('.ts')) {
  process.stderr.write('usage: node bin/run.js path/to/module.ts [args...]\n');
  process.exit(2);
}
await startModule(source);
