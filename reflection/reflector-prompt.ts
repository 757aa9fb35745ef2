/** The reflector's instructions and the message that opens each reflection. */
import { composeGamePrompt } from '../games-manifest/index.js';
import type { ReflectionInput } from './reflector-tools.js';

const fmt = (n: number | undefined): string => (n === undefined ? 'n/a' : n.toFixed(3));

/** What an episode's score is: our progress, or under the benchmark's profile its own raw score (as every table of such a curve reads it). */
function scoreMeaning(input: Pick<ReflectionInput, 'settings' | 'entry'>): string {
  if (input.settings.match.profile === 'omnigamearena') {
    return "An episode's score is the benchmark's own score for the game (its get_score reading, raw and not clamped: it can be above 1 or below 0, and higher is better)";
  }
  return `An episode's score is its final progress in [0, 1] (${input.entry.progress})`;
}

/** The system message: the task, the game as the player sees it, the stages, the bounds and the budget. */
export function reflectorSystemPrompt(input: Pick<ReflectionInput, 'settings' | 'entry'>): string {
  const s = input.settings;
  const banned = s.banned.map((p) => `- ${p.id}: ${p.description}`).join('\n');
  return [
    'You are the reflector in an Improvement Dynamics Curve. A player model plays a real-time game in rounds of episodes, ' +
      'guided by a skill prompt that you write. After each round you inspect what happened with your tools and write the next skill. ' +
      'The goal is a higher mean score in the next round, and a skill that still helps on held-out variants of the game (other layouts and speeds).',
    `The game, exactly as the player is told:\n---\n${composeGamePrompt(input.entry)}\n---`,
    `${scoreMeaning(input)}; a round's score is the mean over its episodes. ` +
      `The player sees one screenshot per decision and answers with one action chunk; it does not see game state.`,
    'Work in four stages. Explore: list the episodes and read the ones that matter (the worst, the best, how each ended); look at frames where things went wrong. ' +
      'Diagnose: say why the player lost progress and which behaviours helped. Validate: check the explanation against other episodes and the notebook before trusting it. ' +
      'Distill: write short, general, actionable rules the player can apply from what it sees on screen.',
    'Rules the harness enforces; a submission that breaks one is rejected with the reason and you must submit again:\n' +
      `- skill: not empty, at most ${s.skillTokens} tokens. It is appended to the player's system prompt and replaces the previous skill.\n` +
      `- notebook: at most ${s.notebookTokens} tokens. Your own factual memory across rounds (what was tried, what happened, scores); the player never sees it. Submit it whole: it replaces the old one.\n` +
      `- diagnosis: at most ${s.diagnosisTokens} tokens.\n` +
      '- tokens are counted by the harness; read_skills and read_notebook show the counts.\n' +
      `- no map memorisation in the skill${s.lintNotebook ? ' or the notebook' : ''}; these patterns are refused:\n${banned}`,
    `Budget for this reflection: ${s.reflector.maxToolCalls} inspection tool calls and ${s.reflector.maxSubmissions} submissions. ` +
      'When the inspection budget is spent only submit is accepted. Do not answer in plain text: every turn calls tools, and the reflection ends with submit.',
  ].join('\n\n');
}

/** The user message that opens a reflection: how the round went, the best so far, and any rollback. */
export function reflectorOpening(input: ReflectionInput): string {
  const scores = input.episodes.map((e) => e.record.score.toFixed(3)).join(', ');
  const lines = [
    `Round ${input.round} has finished on variant '${input.variant}': mean ${fmt(input.played.mean)} over ${input.episodes.length} episode(s) (scores: ${scores}).`,
    `Best round so far: round ${input.best.round}, mean ${fmt(input.best.mean)}.`,
  ];
  if (input.rollback) {
    lines.push(
      `ROLLBACK: round ${input.round}'s mean ${fmt(input.rollback.mean)} fell below ${input.rollback.ratio} x the best mean ${fmt(input.rollback.bestMean)}. ` +
        `The best skill (round ${input.rollback.toRound}) is restored as the skill to revise; round ${input.round}'s skill is still readable with read_skills. Find out what made it collapse.`,
    );
  }
  lines.push(
    input.base.skill.trim().length === 0
      ? 'The skill to revise is empty (the cold start): write the first skill.'
      : `The skill to revise is round ${input.base.round}'s (${input.countTokens(input.base.skill)} tokens).`,
    `This is reflection ${input.round + 1} of ${input.settings.rounds}. Inspect with the tools, then call submit.`,
  );
  return lines.join('\n');
}

/** The nudge sent when the reflector answers without calling a tool. */
export const NUDGE =
  'Call a tool. Inspect with list_episodes, read_episode, view_frames, read_notebook, read_skills or read_curve, or call submit with skill, notebook and diagnosis.';
