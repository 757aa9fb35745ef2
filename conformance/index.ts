/** conformance: checks, for game and plugin authors, that a GameLink or RemoteInput endpoint keeps its contract. */
export { runGameLinkConformance, type GameLinkConformanceOptions } from './game-link.js';
export { runRemoteInputConformance, type RemoteInputConformanceOptions } from './remote-input.js';
export { formatResult, type CheckResult, type CheckStatus } from './checks.js';
