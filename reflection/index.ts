/** reflection: Improvement Dynamics Curves: the loop, the reflector and its tools, bounds and lints, rollback, held-out transfer, artefacts. */
export { runCurve, type CurveEvent } from './run-curve.js';
export { CurveSettings, CurveMatchSettings, BannedPattern, parseCurveSettings, type CurveSettingsInput } from './curve-settings.js';
export { CurveState, readCurveState, settingsMismatch } from './curve-state.js';
export { resolveCurveDir } from './curve-paths.js';
export { runReflection } from './reflector.js';
export { type ReflectionInput } from './reflector-tools.js';
export { type AttemptResolver, type PlayerFactory, type PlayerContext, type EpisodePlay, type EpisodeRequest, type PlayedEpisode } from './play-episode.js';
export { curveConfounds, curveSummary, transferSummary, CSV_COLUMNS } from './curve-artefacts.js';
export { checkTransfer, transferCurve, type TransferEvent } from './transfer-curve.js';
export { TransferTable, readTransferTable, TRANSFER_CSV_COLUMNS } from './transfer-table.js';
export { VALIDATOR_SYSTEM_PROMPT } from './runner-style/index.js';
