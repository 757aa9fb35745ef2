/**
 * API configurations for commands whose configuration is their flags (tournament, curve): a JSON object whose
 * keys are the flag names (`{"game": "sky_duel", "agents": "scripted,random", "episodes": 2}`), turned into the
 * command's argv and parsed by the command's own parser, so the API takes exactly what the CLI takes.
 */
import { z } from 'zod';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { parseFlags, type FlagTable, type FlagValues } from '../../protocol/index.js';

/** A flags object: flag name to a string, number or boolean. */
export const FlagConfig = z.record(z.string().regex(/^[a-z][a-z-]*$/, 'flag names are lower-case words joined by -'), z.union([z.string(), z.number(), z.boolean()]));
export type FlagConfig = z.infer<typeof FlagConfig>;

/** The argv a flags object stands for (`true` is a bare flag, `false` leaves it out). */
export function flagArgv(config: FlagConfig): string[] {
  return Object.entries(config).flatMap(([k, v]) => (v === false ? [] : v === true ? [`--${k}`] : [`--${k}`, String(v)]));
}

/** Parses a flags object with a command's flag table; BAD_CONFIG on an unknown flag, a service-owned flag or a bad value. */
export function parseFlagConfig<T extends FlagTable>(config: FlagConfig, flags: T, owned: readonly string[], where: string): FlagValues<T> {
  for (const k of owned) if (k in config) throw new ArenaError(ErrorCode.BAD_CONFIG, `${where}: '${k}' is set by the service`);
  return parseFlags(where, flags, flagArgv(config)).values;
}
