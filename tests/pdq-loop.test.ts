import { describe, expect, it } from 'vitest';
import type { InputEvent } from '../protocol/index.js';
import type { Simulation } from '../games/runtime/simulation.js';
import { advance } from './support/pdq-loop.js';

/** A 10 ms-tick simulation that logs each input with the tick count it arrived at, and ends after `endAfter` ticks. */
function fakeSim(endAfter = Infinity): Simulation & { readonly log: string[] } {
  let ticks = 0;
  const log: string[] = [];
  return {
    tickMs: 10,
    log,
    input: (e) => void log.push(`${e.type === 'key' ? `${e.key}${e.down ? '+' : '-'}` : e.type}@${ticks}`),
    tick: () => void ticks++,
    render: () => {},
    progress: () => [],
    drainEvents: () => [],
    state: () => ({}),
    ended: () => (ticks >= endAfter ? { reason: 'done', outcomes: [] } : undefined),
  };
}

const key = (k: string, at: number, down: boolean): InputEvent => ({ type: 'key', at, slot: 0, key: k, down });

describe('pdq test loop advance', () => {
  it('applies each input at the start of the tick it falls in', () => {
    const sim = fakeSim();
    advance(sim, 50, [key('W', 25, false), key('W', 0, true)]);
    expect(sim.log).toEqual(['W+@0', 'W-@2']);
  });

  it('applies a release timed exactly at the end of the window once the window has run', () => {
    const sim = fakeSim();
    advance(sim, 100, [key('W', 0, true), key('W', 100, false)]);
    expect(sim.log).toEqual(['W+@0', 'W-@10']);
  });

  it('applies nothing after the game has ended', () => {
    const sim = fakeSim(3);
    advance(sim, 100, [key('W', 0, true), key('W', 100, false)]);
    expect(sim.log).toEqual(['W+@0']);
  });
});
