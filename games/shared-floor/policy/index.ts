/** The scripted shared_floor policy: splits the orders with its teammate by slot and distance on one floor. */
import type { Agent } from '../../../protocol/index.js';
import { createWorkshopPolicy } from '../../workshop/policy/policy.js';

export function createSharedFloorPolicy(): Agent {
  return createWorkshopPolicy({ game: 'shared_floor' });
}
