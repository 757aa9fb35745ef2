import { describe, expect, it } from 'vitest';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { RunDefaults } from '../../games-manifest/index.js';
import { parseVlmAgentConfig } from './config.js';
import { createVlmAgent } from './vlm-agent.js';

const minimal = { baseUrl: 'http://127.0.0.1:8000/v1', model: 'm' };

function configError(input: unknown): ArenaError {
  try {
    parseVlmAgentConfig(input);
  } catch (err) {
    expect(err).toBeInstanceOf(ArenaError);
    return err as ArenaError;
  }
  throw new Error('expected BAD_CONFIG');
}

describe('VlmAgentConfig', () => {
  it('fills every default from the run defaults', () => {
    expect(parseVlmAgentConfig(minimal)).toEqual({
      ...minimal,
      apiKeyEnv: 'OPENAI_API_KEY',
      temperature: RunDefaults.temperature,
      maxOutputTokens: 1024,
      maxTokensField: 'max_completion_tokens',
      extraBody: {},
      timeoutMs: 50_000,
      retries: 2,
      retryBaseMs: 500,
      historyLength: RunDefaults.historyLength,
      historyImages: true,
      jpegQuality: RunDefaults.jpegQuality,
      skillTokenCap: 1200,
      feedback: false,
      stream: true,
      timedRequest: false,
      processingHeader: 'openai-processing-ms',
      maxConcurrent: 4,
    });
  });

  it('strips trailing slashes from baseUrl', () => {
    expect(parseVlmAgentConfig({ ...minimal, baseUrl: 'http://localhost:11434/v1/' }).baseUrl).toBe('http://localhost:11434/v1');
  });

  it('rejects a missing model with BAD_CONFIG', () => {
    expect(configError({ baseUrl: minimal.baseUrl }).code).toBe(ErrorCode.BAD_CONFIG);
  });

  it('rejects a baseUrl that is not http(s) with BAD_CONFIG naming the field', () => {
    const err = configError({ ...minimal, baseUrl: 'ftp://example.com/v1' });
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
    expect(err.message).toContain('baseUrl');
  });

  it('rejects an unknown field with BAD_CONFIG', () => {
    expect(configError({ ...minimal, temprature: 0.2 }).code).toBe(ErrorCode.BAD_CONFIG);
  });

  it('rejects a JPEG quality outside 1-100 with BAD_CONFIG', () => {
    expect(configError({ ...minimal, jpegQuality: 0 }).code).toBe(ErrorCode.BAD_CONFIG);
    expect(configError({ ...minimal, jpegQuality: 101 }).code).toBe(ErrorCode.BAD_CONFIG);
  });

  it('rejects a maxConcurrent below 1 with BAD_CONFIG', () => {
    expect(configError({ ...minimal, maxConcurrent: 0 }).code).toBe(ErrorCode.BAD_CONFIG);
  });

  it('rejects an extraBody that overrides the messages with BAD_CONFIG', () => {
    const err = configError({ ...minimal, extraBody: { messages: [] } });
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
    expect(err.message).toContain('extraBody');
  });

  it('makes createVlmAgent throw BAD_CONFIG on a bad config', () => {
    expect(() => createVlmAgent({ ...minimal, historyLength: -1 })).toThrow(expect.objectContaining({ code: ErrorCode.BAD_CONFIG }));
  });
});
