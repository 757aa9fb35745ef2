/** The scripted handoff_run policy: the supply side fetches and hands parts over the transfer points, the counter side finishes them. */
import type { Agent } from '../../../protocol/index.js';
import { createWorkshopPolicy } from '../../workshop/policy/policy.js';

export function createHandoffRunPolicy(): Agent {
  return createWorkshopPolicy({ game: 'handoff_run' });
}
