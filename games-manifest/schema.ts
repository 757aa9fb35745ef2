/** The shape of a manifest entry: everything the gateway, agents and drivers need to know about one game. */
import { z } from 'zod';
import { ControlSet, Limits } from '../protocol/index.js';

const Name = z.string().min(1).max(Limits.maxNameLength);

export const Regime = z.enum(['solo', 'pvp', 'coop']);
export type Regime = z.infer<typeof Regime>;
export const View = z.enum(['side', 'third-person', 'first-person', 'top-down']);
export type View = z.infer<typeof View>;

export const Variant = z.strictObject({
  id: Name,
  /** Held-out variants are kept for transfer tests and never used while a skill is learned. */
  heldOut: z.boolean(),
  description: z.string().max(500),
  /** The variant's own episode time limit, ms, where it differs from the game's. */
  timeLimitMs: z.number().int().positive().optional(),
});
export type Variant = z.infer<typeof Variant>;

/** How to get a running GameLink endpoint for this game. */
export const LaunchRecipe = z.discriminatedUnion('kind', [
  /** One of our reference games: a TypeScript module run as a child process that serves GameLink. */
  z.strictObject({ kind: z.literal('builtin'), module: Name }),
  /** A program on this host that serves GameLink on the port given in $ARENA_PORT. */
  z.strictObject({
    kind: z.literal('command'),
    command: Name,
    args: z.array(z.string()).max(64),
    env: z.record(z.string(), z.string()).optional(),
  }),
  /** A GameLink endpoint already running somewhere (a GPU machine's bridge). */
  z.strictObject({ kind: z.literal('remote'), url: z.string().url() }),
]);
export type LaunchRecipe = z.infer<typeof LaunchRecipe>;

export const GameEntry = z.strictObject({
  id: Name,
  name: Name,
  regime: Regime,
  view: View,
  /** One line for listings. */
  summary: z.string().max(300),
  slots: z.array(z.strictObject({ slot: z.number().int().min(0), team: z.number().int().min(0) })).min(1).max(Limits.maxSlots),
  controls: ControlSet,
  /** Size of the frames agents receive by default. */
  frame: z.strictObject({ width: z.number().int().positive(), height: z.number().int().positive() }),
  /** Episode time limit in game time, ms. */
  timeLimitMs: z.number().int().positive(),
  /** Most decisions per agent in one episode (the benchmark's step budget). */
  stepBudget: z.number().int().positive(),
  /** What progress in [0, 1] means for this game. */
  progress: z.string().max(300),
  variants: z.array(Variant).min(1),
  /** Text for a model player: rules, what is on screen, the controls. The action format is appended by the agent. */
  prompt: z.strictObject({ rules: z.string().max(4000), screen: z.string().max(2000), controls: z.string().max(2000) }),
  launch: LaunchRecipe,
});
export type GameEntry = z.infer<typeof GameEntry>;
