/** The scripted midline_clash policy: races the rival for the shared orders with its own workbench and bin. */
import type { Agent } from '../../../protocol/index.js';
import { createWorkshopPolicy } from '../../workshop/policy/policy.js';

export function createMidlineClashPolicy(): Agent {
  return createWorkshopPolicy({ game: 'midline_clash' });
}
