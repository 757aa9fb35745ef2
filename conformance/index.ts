/** conformance: checks, for game and plugin authors, that a GameLink or RemoteInput endpoint keeps its contract. */
export { runGameLinkConformance } from './game-link.js';
export { runRemoteInputConformance } from './remote-input.js';
export { formatResult, type CheckResult } from './checks.js';
export { runBuildCalibration, type CalibrationReport } from './calibration.js';
export { calibrationTable } from './calibration-table.js';
export { StaleCounter } from './stale-frames.js';
export { countAfterInput, countAfterResume } from './stale-game-link.js';
export { countRemoteAfterInput, countRemoteAfterResume } from './stale-remote-input.js';
