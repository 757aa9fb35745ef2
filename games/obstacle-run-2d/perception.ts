/** obstacle_run_2d's perception adapter: platforms reached, the fall, the finish; the furthest platform and progress band. */
import { label, quarter, QUARTER_DOMAIN, soloPlayer, type PerceptionAdapter } from '../runtime/perception.js';
import type { ObstacleRun2dState } from './state.js';

/** Reads obstacle_run_2d's state for perception tasks. */
export const obstacleRun2dPerception: PerceptionAdapter = {
  game: 'obstacle_run_2d',
  players: soloPlayer('P is the runner, seen from the side, running to the right.'),
  events: [
    { name: 'platform_reached', description: 'P lands on a platform further than any before (who = P)' },
    { name: 'fell', description: 'P falls below the course, which ends the episode (who = P)' },
    { name: 'finished', description: 'P crosses the finish line (who = P)' },
  ],
  variables: [
    { name: 'platform', definition: 'the furthest platform P has landed on, counted from 0 (the start slab)', domain: 'integer >= 0', update: true },
    { name: 'progress', definition: 'how far along the course P got: the furthest x stood on over the finish x, in quarters', domain: QUARTER_DOMAIN, update: true },
    { name: 'alive', definition: 'P is still on the course', domain: 'true | false', update: true },
  ],
  resultDefinition: '`<platform>/<progress>`: the furthest platform and the progress band after the event',
  track(raw) {
    const s = raw as unknown as ObstacleRun2dState;
    const best = s.platforms.reduce((n, p, i) => (p.x0 <= s.maxX + 1e-9 ? i : n), 0);
    const progress = quarter(s.progress);
    return { platform: best, progress, alive: s.player.alive };
  },
  result: (t) => `${label(t.platform)}/${label(t.progress)}`,
};
