/** conformance: checks, for game and plugin authors, that a GameLink or RemoteInput endpoint keeps its contract. */
export { runGameLinkConformance } from './game-link.js';
export { runRemoteInputConformance } from './remote-input.js';
export { formatResult, type CheckResult } from './checks.js';
export { calibratedGames, runBuildCalibration, type CalibrationOptions, type CalibrationReport, type GameCalibration } from './calibration.js';
export { calibrationTable } from './calibration-table.js';
export { STALE_CHECK_DEFAULTS, StaleCounter, type StaleFrameOptions } from './stale-frames.js';
export { countAfterInput, countAfterResume, staleAfterInput, staleAfterResume } from './stale-game-link.js';
export { countRemoteAfterInput, countRemoteAfterResume, remoteStaleAfterInput, remoteStaleAfterResume, type RemoteInputStaleOptions, type RemoteStaleCounts } from './stale-remote-input.js';
