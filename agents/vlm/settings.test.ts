import { describe, expect, it } from 'vitest';
import { createVlmAgent } from './vlm-agent.js';

describe('VLM agent settings for run.json', () => {
  it('declares route, history, image, temperature, skill digest and feedback, never the key or the skill text', () => {
    process.env.ARENA_TEST_SETTINGS_KEY = 'sk-secret-value';
    const a = createVlmAgent({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKeyEnv: 'ARENA_TEST_SETTINGS_KEY', skill: 'Jump late.', historyLength: 5, maxSide: 256, jpegQuality: 70, temperature: 0.3, feedback: true });
    const b = createVlmAgent({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', skill: 'Jump early.' });
    expect(a.settings).toMatchObject({ route: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm' }, history: { length: 5, images: true }, image: { maxSide: 256, jpegQuality: 70 }, temperature: 0.3, feedback: true });
    const text = JSON.stringify(a.settings);
    expect(text).not.toContain('sk-secret-value');
    expect(text).not.toContain('Jump late');
    expect((a.settings!.skill as { sha256: string }).sha256).not.toBe((b.settings!.skill as { sha256: string }).sha256);
    expect(createVlmAgent({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm' }).settings!.skill).toBeNull();
    delete process.env.ARENA_TEST_SETTINGS_KEY;
  });
});
