/** obstacle_run_2d's perception adapter: platforms reached, the fall, the finish; the furthest platform and progress band. */
import { band, label, type PerceptionAdapter } from '../runtime/perception.js';
import type { ObstacleRun2dState } from './state.js';

/** Reads obstacle_run_2d's state for perception tasks. */
export const obstacleRun2dPerception: PerceptionAdapter = {
  game: 'obstacle_run_2d',
  players: { regime: 'solo', labels: { 0: 'P' }, description: 'P is the runner, seen from the side, running to the right.' },
  events: [
    { name: 'platform_reached', description: 'P lands on a platform further than any before (who = P)' },
    { name: 'fell', description: 'P falls below the course, which ends the episode (who = P)' },
    { name: 'finished', description: 'P crosses the finish line (who = P)' },
  ],
  variables: [
    { name: 'platform', definition: 'the furthest platform P has landed on, counted from 0 (the start slab)', domain: 'integer >= 0', update: true },
    { name: 'progress', definition: 'how far along the course P got: the furthest x stood on over the finish x, in quarters', domain: '0-25 | 25-50 | 50-75 | 75-100 | done', update: true },
    { name: 'alive', definition: 'P is still on the course', domain: 'true | false', update: true },
  ],
  resultDefinition: '`<platform>/<progress>`: the furthest platform and the progress band after the event',
  track(raw) {
    const s = raw as unknown as ObstacleRun2dState;
    const best = s.platforms.reduce((n, p, i) => (p.x0 <= s.maxX + 1e-9 ? i : n), 0);
    const progress = s.progress >= 1 ? 'done' : band(s.progress, [0.25, 0.5, 0.75], ['0-25', '25-50', '50-75', '75-100']);
    return { platform: best, progress, alive: s.player.alive };
  },
  result: (t) => `${label(t.platform)}/${label(t.progress)}`,
};
