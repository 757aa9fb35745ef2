#!/usr/bin/env node
// The `arena` command: the compiled CLI in dist/ when it is fresh, else the TypeScript through tsx (bin/code.js).
import { startModule } from './code.js';

await startModule('scripts/arena.ts');
