import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listGames } from '../games-manifest/index.js';
import { builtinIds, gameCatalog, orderedPlugs, type GamePlug } from './catalog.js';
import { boardTasks, builtinGames, scriptedPolicies } from './index.js';

const GAMES_DIR = new URL('.', import.meta.url).pathname;
/** Folders holding a game of their own: a manifest, a definition or a process entry. */
const gameFolders = readdirSync(GAMES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory() && ['manifest.ts', 'game.ts', 'main.ts'].some((f) => existsSync(join(GAMES_DIR, d.name, f))))
  .map((d) => d.name)
  .sort();
const registeredFolders = listGames().flatMap((e) => (e.launch.kind === 'builtin' ? [/^games\/([^/]+)\/main\.ts$/.exec(e.launch.module)?.[1] ?? `(bad module ${e.launch.module})`] : []));

describe('the game registry', () => {
  it('registers every game folder in games-manifest/registry.ts', () => {
    expect(gameFolders.filter((f) => !registeredFolders.includes(f))).toEqual([]);
    expect([...registeredFolders].sort()).toEqual(gameFolders);
  });

  it("has a catalog line for every builtin registry entry, in the registry's order", () => {
    expect(gameCatalog.map((p) => p.game.id)).toEqual(builtinIds());
    expect(builtinGames.map((g) => g.id)).toEqual(builtinIds());
    expect(Object.keys(scriptedPolicies)).toEqual(builtinIds());
  });

  it("gives each game the manifest's variants and slots", () => {
    for (const { game } of gameCatalog) {
      const entry = listGames().find((e) => e.id === game.id)!;
      expect({ id: game.id, variants: game.variants, slots: game.slots.map((s) => s.slot) }).toEqual({ id: entry.id, variants: entry.variants.map((v) => v.id), slots: entry.slots.map((s) => s.slot) });
    }
  });

  it('takes the boards from the registry: every turn-based game has its tasks', () => {
    expect(Object.keys(boardTasks)).toEqual(listGames().filter((e) => e.regime === 'turn-based').map((e) => e.id));
  });

  it('refuses a builtin entry without its catalog line, naming it', () => {
    expect(() => orderedPlugs(gameCatalog.slice(1), builtinIds())).toThrow(/'last_stand' without its line in games\/catalog\.ts/);
  });

  it('refuses a catalog line without a registry entry, naming it', () => {
    const stray: GamePlug = { ...gameCatalog[0]!, game: { ...gameCatalog[0]!.game, id: 'no_such_game' } };
    expect(() => orderedPlugs([...gameCatalog, stray], builtinIds())).toThrow(/registry lacks .*: no_such_game/);
  });
});
