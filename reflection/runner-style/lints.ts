/**
 * The benchmark runner's three pre-reflection lints, computed from the round just played and the curve so
 * far, and shown to the reflector before it writes the next skill:
 * - EMPTY_SKILL_DOWNSTREAM: after round 0, the skill the round played has fewer than 2 bullet lines;
 * - STAGNANT: the last 3 round means have a positive average and a spread under 10% of it;
 * - BIMODAL: of at least 3 episode scores, two neighbours (sorted) lie at least 0.15 apart.
 */

/** A lint's id, as the runner names it. */
export type RunnerLintId = 'EMPTY_SKILL_DOWNSTREAM' | 'STAGNANT' | 'BIMODAL';

/** One lint that fired, with the numbers behind it. */
export interface RunnerLint {
  readonly id: RunnerLintId;
  readonly severity: 'high' | 'medium' | 'info';
  readonly message: string;
  readonly detail: Readonly<Record<string, number | readonly number[]>>;
}

/** What the lints read: the round just played and the means of every round so far, this one last. */
export interface LintRound {
  readonly round: number;
  /** The skill this round played. */
  readonly skill: string;
  readonly scores: readonly number[];
  /** Round means from round 0 to this round. */
  readonly means: readonly number[];
}

/** Fewest bullet lines a skill needs after round 0. */
export const MIN_SKILL_BULLETS = 2;
/** Relative spread of the last three means under which a curve is stagnant. */
export const STAGNANT_RELATIVE_SPREAD = 0.1;
/** Smallest gap between neighbouring sorted scores that makes a round bimodal. */
export const BIMODAL_MIN_GAP = 0.15;

/** Lines that start (after indentation) with `-`, `*` or `+`. */
export function countBullets(text: string): number {
  return text.split(/\r?\n/).filter((line) => /^[-*+]/.test(line.trimStart())).length;
}

const f4 = (x: number): string => x.toFixed(4);

/** The lints that fire for `r`, high severity first. */
export function runnerLints(r: LintRound): RunnerLint[] {
  const out: RunnerLint[] = [];
  if (r.round >= 1) {
    const bullets = countBullets(r.skill);
    if (bullets < MIN_SKILL_BULLETS) {
      out.push({
        id: 'EMPTY_SKILL_DOWNSTREAM',
        severity: 'high',
        detail: { bullets, minBullets: MIN_SKILL_BULLETS },
        message: `The skill round ${r.round} played has ${bullets} bullet line(s), fewer than ${MIN_SKILL_BULLETS}: the player ran with next to no skill. Rebuild a short baseline of 2-5 bullets on the game's basic mechanics from what the episodes show; deleting more changes nothing. Name EMPTY_SKILL_DOWNSTREAM in your diagnosis.`,
      });
    }
  }
  if (r.means.length >= 3) {
    const recent = r.means.slice(-3);
    const avg = recent.reduce((s, x) => s + x, 0) / 3;
    const spread = Math.max(...recent) - Math.min(...recent);
    if (avg > 0 && spread / avg < STAGNANT_RELATIVE_SPREAD) {
      out.push({
        id: 'STAGNANT',
        severity: 'medium',
        detail: { recentMeans: recent, spread, relativeSpread: spread / avg },
        message: `The last 3 round means lie in [${f4(Math.min(...recent))}, ${f4(Math.max(...recent))}], a spread of ${((100 * spread) / avg).toFixed(1)}% of their average: the skill is not moving the score. Check whether the player follows it, and whether the failure that limits it is one the skill addresses at all.`,
      });
    }
  }
  if (r.scores.length >= 3) {
    const sorted = [...r.scores].sort((a, b) => a - b);
    const maxGap = Math.max(...sorted.slice(1).map((x, i) => x - sorted[i]!));
    if (maxGap >= BIMODAL_MIN_GAP) {
      out.push({
        id: 'BIMODAL',
        severity: 'info',
        detail: { sortedScores: sorted, maxGap },
        message: `The scores split into two groups ${maxGap.toFixed(3)} apart (${sorted.map((x) => x.toFixed(3)).join(', ')}): the mean hides a pass-or-fail outcome. Find what the passing episodes did that the others did not.`,
      });
    }
  }
  return out;
}

/** The lints as the text the reflector reads (and `lints.md` in the round's folder). */
export function lintsText(round: number, lints: readonly RunnerLint[]): string {
  if (lints.length === 0) return `Pre-reflection lints for round ${round}: none fired.\n`;
  const lines = [`Pre-reflection lints for round ${round}:`, ''];
  for (const l of lints) lines.push(`[${l.severity.toUpperCase()}] ${l.id}: ${l.message}`, '');
  lines.push('Address every HIGH lint, and list the lints your plan answers in submit_diagnosis (referenced_signals).');
  return `${lines.join('\n')}\n`;
}
