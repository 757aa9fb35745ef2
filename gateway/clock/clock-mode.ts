/** The three clock modes of a match (names as in the benchmark). */
import { z } from 'zod';

/**
 * - realtime: the game runs freely; agents act when their answers arrive.
 * - pdq: paused while agents decide; chunks (+ observation delay) then run; latency costs nothing.
 * - lcrt: paused while agents decide; the game then runs each decision's charged latency, then its chunk.
 */
export const ClockMode = z.enum(['realtime', 'pdq', 'lcrt']);
export type ClockMode = z.infer<typeof ClockMode>;
