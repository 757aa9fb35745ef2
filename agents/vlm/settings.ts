/** The VLM agent's effective settings as run.json declares them (no API key, no skill text: its digest). */
import { createHash } from 'node:crypto';
import type { VlmAgentConfig } from './config.js';
import type { SkillInfo } from './skill.js';

/** The settings a VLM agent's results depend on, for the run's declared conditions. */
export function vlmSettings(config: VlmAgentConfig, skill: SkillInfo | undefined): Record<string, unknown> {
  return {
    route: { baseUrl: config.baseUrl, model: config.model },
    history: { length: config.historyLength, images: config.historyImages },
    image: { maxSide: config.maxSide ?? null, jpegQuality: config.jpegQuality },
    temperature: config.temperature,
    maxOutputTokens: config.maxOutputTokens ?? null,
    extraBody: config.extraBody,
    skill: skill ? { sha256: createHash('sha256').update(skill.text).digest('hex'), sentTokens: skill.sentTokens, trimmed: skill.trimmed } : null,
    feedback: config.feedback,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
  };
}
