/**
 * The part of cue_chase's privileged state this policy reads, validated on every observation. Kept here
 * (not imported from games/) because agents depend only on protocol and games-manifest.
 */
import { z } from 'zod';
import { SolidBox, UseRules, WalkerState } from '../../common/policy/state-parts.js';

export const CueChaseView = z.object({
  ...WalkerState,
  tradeIndex: z.number().int().min(0),
  trades: z.array(z.object({ person: z.string() })).max(256),
  people: z.array(z.object({ id: z.string(), x: z.number(), z: z.number() })).max(1024),
  solids: z.array(SolidBox).max(4096),
  plaza: z.object({ halfX: z.number().positive().max(200), halfZ: z.number().positive().max(200) }),
  rules: UseRules,
});
export type CueChaseView = z.infer<typeof CueChaseView>;
