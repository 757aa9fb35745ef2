/**
 * The shapes `arena serve` sends its web app and spectators: the header of a binary frame message on a
 * spectator stream, and a run as the runs browser lists it. Types only, so the browser bundle can share them.
 */

/**
 * The header of a binary frame message. `width`/`height` are the JPEG's size (the profile's width or less),
 * `sourceWidth`/`sourceHeight` the game's frame before scaling (a page shows a view no larger than that).
 * `capturedAt` is the wall time (epoch ms) the gateway got the frame.
 */
export interface SpectatorFrameHeader {
  readonly type: 'frame';
  readonly slot: number;
  readonly seq: number;
  readonly simMs: number;
  readonly width: number;
  readonly height: number;
  readonly sourceWidth: number;
  readonly sourceHeight: number;
  readonly capturedAt: number;
}

/** One run as the runs browser lists it. */
export interface RunSummary {
  readonly runId: string;
  readonly game: string;
  readonly variant: string;
  readonly clock: string;
  readonly seed: number;
  readonly status: string;
  readonly agents: readonly string[];
  /** Per agent, the latency condition it played under (`none` under pdq, `synthetic:500`, `wall`...). */
  readonly latency: readonly string[];
  readonly startedAt: string;
  /** Wall time from start to end, ms (absent for a run that has not ended). */
  readonly durationMs?: number;
  readonly reason?: string;
  /** How the episode ended: `finished`, `truncated`... (the run's episode class). */
  readonly episode?: string;
  /** Per agent, in slot order: its final progress, score and outcome (`win`, `loss`, `draw`, `none`). */
  readonly players?: readonly { readonly progress: number; readonly score: number; readonly outcome: string }[];
  /** Under the omnigamearena profile: the benchmark score as its runner reports it, raw and unclamped (per player; a Coop team's sum once). */
  readonly benchmark?: readonly number[];
  /** Per agent, the model it called (empty for agents without one). */
  readonly models?: readonly string[];
  /** The failure class and code of an incomplete run. */
  readonly failure?: string;
  readonly hasVideo: boolean;
  /** The job whose directory holds the run (a curve's or a sweep's episode); absent for runs in the runs directory. */
  readonly job?: { readonly kind: string; readonly id: string };
  /** A curve episode's phase (`round` or `heldout`), its round, and a held-out episode's arm. */
  readonly phase?: string;
  readonly round?: number;
  readonly arm?: string;
  /** A sweep episode's cell. */
  readonly cell?: string;
  /** Share of the run's observations made on a stale frame (run.json `frameIntegrity`; docs/frame-integrity.md); absent in runs from before the check. */
  readonly staleShare?: number;
}
