/** The scripted solo_craft policy: fetch, upgrade when asked, submit the most urgent order it can fill. */
import type { Agent } from '../../../protocol/index.js';
import { createWorkshopPolicy } from '../../workshop/policy/policy.js';

export function createSoloCraftPolicy(): Agent {
  return createWorkshopPolicy({ game: 'solo_craft' });
}
