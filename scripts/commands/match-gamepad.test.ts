import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { composeGamePrompt } from '../../games-manifest/index.js';
import { parseFlags } from '../cli/flags.js';
import { resolveMatch } from '../../plans/index.js';
import { buildMatchConfig } from '../../plans/index.js';
import { matchOptions } from '../../plans/match/match-flags.js';

/** The flags as `arena match` parses them from its command line. */
const flags = (...argv: string[]) => parseFlags('match', matchOptions, [...argv, '--quiet']).values;

describe('arena match --gamepad', () => {
  it("adds the game's declared gamepad axes to its controls and its words to the prompt", () => {
    const spec = resolveMatch(buildMatchConfig(flags('--game', 'last_stand', '--gamepad', '--agent', 'random')));
    expect(spec.entry?.controls.axes).toEqual(['LX', 'LY']);
    const prompt = composeGamePrompt(spec.entry!);
    expect(prompt).toContain('the left stick walks too');
    expect(prompt).toContain('Gamepad axes a step may hold, written AXIS=VALUE among its controls (like LX=0.5): LX, LY (stick axes, -1 to 1');
  });

  it('leaves the game as it is without the flag', () => {
    const spec = resolveMatch(buildMatchConfig(flags('--game', 'last_stand', '--agent', 'random')));
    expect(spec.entry?.controls.axes).toBeUndefined();
    expect(composeGamePrompt(spec.entry!)).not.toContain('Gamepad');
  });

  it('refuses a game that declares no gamepad with BAD_CONFIG', () => {
    expect(() => resolveMatch(buildMatchConfig(flags('--game', 'sky_duel', '--gamepad')))).toThrow(/sky_duel declares no gamepad/);
    expect(() => resolveMatch(buildMatchConfig(flags('--game', 'sky_duel', '--gamepad')))).toThrow(expect.objectContaining({ code: 'BAD_CONFIG' }));
  });

  it('takes gamepad from a match config file field too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arena-gamepad-'));
    try {
      const file = join(dir, 'match.json');
      writeFileSync(file, JSON.stringify({ game: 'last_stand', gamepad: true, agents: [{ kind: 'random' }] }));
      expect(resolveMatch(buildMatchConfig(flags('--config', file))).entry?.controls.axes).toEqual(['LX', 'LY']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
