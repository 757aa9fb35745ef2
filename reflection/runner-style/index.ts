/** The benchmark runner's IDC style for curves: its settings, round 0 from cold-start runs, lints, validator, reflection and metrics. */
export { RunnerStyleSettings } from './settings.js';
export { runnerLints, lintsText, countBullets, type RunnerLint, type RunnerLintId, type LintRound } from './lints.js';
export { runnerMetrics, type RunnerMetrics } from './metrics.js';
export { adoptColdStart } from './round-zero.js';
export { runnerReflection, runnerTools, RunnerToolName, type RunnerReflectionResult } from './reflection.js';
export { parseVerdict, validateSkill, VALIDATOR_SYSTEM_PROMPT } from './validator.js';
export { RunnerReflectionRecord, ColdStartRecord, ValidationRecord, DiagnosisRecord, Verdict } from './record.js';
