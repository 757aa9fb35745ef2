/** obstacle_run_3d's perception adapter: platforms reached, the fall, the finish; the platform stood on, the furthest, progress. */
import { band, label, type PerceptionAdapter } from '../runtime/perception.js';
import type { ObstacleRun3dState } from './state.js';

/** Reads obstacle_run_3d's state for perception tasks. */
export const obstacleRun3dPerception: PerceptionAdapter = {
  game: 'obstacle_run_3d',
  players: { regime: 'solo', labels: { 0: 'P' }, description: 'P is the runner, seen from behind, jumping along a path of platforms.' },
  events: [
    { name: 'platform_reached', description: 'P lands on a platform further along the path than any before (who = P)' },
    { name: 'fell', description: 'P falls below the platforms, which ends the episode (who = P)' },
    { name: 'finished', description: 'P lands on the finish pad (who = P)' },
  ],
  variables: [
    { name: 'best_platform', definition: 'the furthest platform P has reached, counted from 0 (the start)', domain: 'integer >= 0', update: true },
    { name: 'progress', definition: 'the furthest distance reached along the path over its length, in quarters', domain: '0-25 | 25-50 | 50-75 | 75-100 | done', update: true },
    { name: 'alive', definition: 'P is still on the course', domain: 'true | false', update: true },
    { name: 'platform', definition: 'the platform P stands on or last stood on, counted from 0', domain: 'integer >= 0', update: false },
  ],
  resultDefinition: '`<best_platform>/<progress>`: the furthest platform and the progress band after the event',
  track(raw) {
    const s = raw as unknown as ObstacleRun3dState;
    const progress = s.path.progress >= 1 ? 'done' : band(s.path.progress, [0.25, 0.5, 0.75], ['0-25', '25-50', '50-75', '75-100']);
    return { best_platform: s.bestPlatform, progress, alive: s.player.alive, platform: s.platformIndex };
  },
  result: (t) => `${label(t.best_platform)}/${label(t.progress)}`,
};
