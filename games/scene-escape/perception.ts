/** scene_escape's perception adapter: tasks done, doors and gates opened, the escape; tasks done, keys held, the room. */
import { label, type PerceptionAdapter } from '../runtime/perception.js';
import type { SceneEscapeState } from './state.js';

/** Reads scene_escape's state for perception tasks. */
export const sceneEscapePerception: PerceptionAdapter = {
  game: 'scene_escape',
  players: { regime: 'solo', labels: { 0: 'P' }, description: 'P is the one player, seen in first person.' },
  events: [
    { name: 'task_completed', description: 'P finishes the task shown on screen (who = P)' },
    { name: 'door_opened', description: 'P opens a door (who = null)' },
    { name: 'gate_opened', description: 'a gate opens (who = null)' },
    { name: 'escaped', description: 'P walks out through the exit, which ends the episode (who = P)' },
  ],
  variables: [
    { name: 'tasks_done', definition: 'tasks of the chain completed', domain: 'integer >= 0', update: true },
    { name: 'keys', definition: 'keys held, as their colours in lower case, sorted and joined by `+`', domain: 'none | <colour>[+<colour>...]', update: true },
    { name: 'open', definition: 'doors and gates open now', domain: 'integer >= 0', update: true },
    { name: 'room', definition: 'the room P stands in, as `r<column>c<row>` counted from 0 at the west and south edges of the map', domain: 'r<int>c<int>', update: false },
  ],
  resultDefinition: '`<tasks_done>/<keys>`: the tasks completed and the keys held after the event',
  track(raw) {
    const s = raw as unknown as SceneEscapeState;
    const keys = [...s.inventory].map((k) => k.toLowerCase()).sort();
    const room = `r${Math.max(0, Math.floor(s.player.x / s.map.roomSize))}c${Math.max(0, Math.floor(s.player.z / s.map.roomSize))}`;
    return { tasks_done: s.taskIndex, keys: keys.length === 0 ? 'none' : keys.join('+'), open: s.doors.filter((d) => d.open).length, room };
  },
  result: (t) => `${label(t.tasks_done)}/${label(t.keys)}`,
};
