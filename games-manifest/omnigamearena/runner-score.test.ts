import { describe, expect, it } from 'vitest';
import { RUNNER_GAMES } from './games.js';
import { runnerScore } from './runner-score.js';
import { runnerMaps } from './runner-maps.js';

const g = (id: string) => RUNNER_GAMES[id]!;

describe('runner scores', () => {
  it('keeps CueChase at the largest reading seen, over 10 tasks', () => {
    expect(runnerScore(g('cue_chase'), [[2, 5, 0]])).toEqual({ scores: [5], progress: [0.5], outOfRange: [] });
  });

  it('keeps SceneEscape at its last reading, over 10 tasks', () => {
    expect(runnerScore(g('scene_escape'), [[2, 5, 3]]).progress).toEqual([0.3]);
  });

  it('sums a Coop team', () => {
    expect(runnerScore(g('shared_floor'), [[3, 4], [5]]).scores).toEqual([9]);
    expect(runnerScore(g('handoff_run'), [[1], [2]]).scores).toEqual([3]);
  });

  it('scores each PvP player on its own raw reading', () => {
    expect(runnerScore(g('sky_duel'), [[1, 2], [3]])).toEqual({ scores: [2, 3], progress: [null, null], outOfRange: [] });
  });

  it('takes SoloCraft and LastStand raw, without normalising them', () => {
    expect(runnerScore(g('solo_craft'), [[9, 14]])).toEqual({ scores: [14], progress: [null], outOfRange: [] });
    expect(runnerScore(g('last_stand'), [[37.5]]).scores).toEqual([37.5]);
  });

  it('reports a reading outside the declared range and does not clamp the score', () => {
    const s = runnerScore(g('obstacle_run_2d'), [[0.4, 1.2]]);
    expect(s.scores).toEqual([1.2]);
    expect(s.outOfRange).toEqual([{ slot: 0, value: 1.2 }]);
    expect(runnerScore(g('last_stand'), [[-1]]).outOfRange).toEqual([{ slot: 0, value: -1 }]);
  });

  it('scores an episode without readings as 0', () => {
    expect(runnerScore(g('monster_shoot'), [[]]).scores).toEqual([0]);
  });
});

describe('runner maps', () => {
  const config = { maps: { last_stand: '/Game/A/Stand', last_stand_var1: '/Game/A/Stand1', last_stand_var3: '/Game/A/Stand3', sky_duel: '/Game/B/Duel' } };

  it('maps origin to the game key and var1..var3 to their keys where present', () => {
    expect(runnerMaps(g('last_stand'), config)).toEqual({ origin: '/Game/A/Stand', var1: '/Game/A/Stand1', var3: '/Game/A/Stand3' });
    expect(runnerMaps(g('sky_duel'), config)).toEqual({ origin: '/Game/B/Duel' });
  });

  it('puts a bare map name under /Game/Maps/, as the runner opens it', () => {
    expect(runnerMaps(g('sky_duel'), { maps: { sky_duel: 'DuelMap' } })).toEqual({ origin: '/Game/Maps/DuelMap' });
  });

  it('fails with BAD_CONFIG when the game has no map', () => {
    expect(() => runnerMaps(g('cue_chase'), config)).toThrow(expect.objectContaining({ code: 'BAD_CONFIG' }));
  });
});
