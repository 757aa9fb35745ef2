import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { solidFrame } from '../../tests/support/vlm-fixtures.js';
import { encodeFrameImage, type FrameImage } from './frame-image.js';
import { PLAYER_PREAMBLE, composePrompt, systemPrompt, type CurrentTurn } from './prompt.js';

async function image(rgb: [number, number, number]): Promise<FrameImage> {
  return encodeFrameImage(solidFrame(8, 8, rgb), { maxSide: undefined, quality: 85 });
}

async function current(over: Partial<CurrentTurn> = {}): Promise<CurrentTurn> {
  return { simMs: 1500, step: 2, stepBudget: 300, progress: 0.5, image: await image([0, 0, 0]), feedback: undefined, ...over };
}

describe('systemPrompt', () => {
  it('joins the preamble, the game prompt and the skill section in that order', () => {
    const text = systemPrompt('GAME', 'SKILL');
    expect(text.indexOf(PLAYER_PREAMBLE)).toBe(0);
    expect(text.indexOf('GAME')).toBeLessThan(text.indexOf('SKILL'));
  });

  it('has no skill section without a skill', () => {
    expect(systemPrompt('GAME', undefined)).toBe(`${PLAYER_PREAMBLE}\n\nGAME`);
  });
});

describe('composePrompt', () => {
  it('puts each past turn as a user message then its answer, and the current frame last', async () => {
    const past = await image([10, 10, 10]);
    const prompt = composePrompt('SYS', [{ simMs: 720, image: past, answer: 'A1' }], await current());
    expect(prompt.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(prompt.messages[1]).toEqual({
      role: 'user',
      content: [
        { type: 'image_url', image_url: { url: past.dataUrl } },
        { type: 'text', text: 'Observation at t=0.72s' },
      ],
    });
    expect(prompt.images).toBe(2);
  });

  it('digests the messages with each image replaced by the sha256 of its JPEG', async () => {
    const turn = await current();
    const prompt = composePrompt('SYS', [], turn);
    const expected = JSON.stringify(prompt.messages).replace(turn.image.dataUrl, `sha256:${turn.image.sha256}`);
    expect(prompt.digest).toBe(createHash('sha256').update(expected).digest('hex'));
  });

  it('gives a different digest for a different image', async () => {
    const a = composePrompt('SYS', [], await current());
    const b = composePrompt('SYS', [], await current({ image: await image([255, 255, 255]) }));
    expect(a.digest).not.toBe(b.digest);
  });

  it('adds the feedback line to the current turn', async () => {
    const prompt = composePrompt('SYS', [], await current({ feedback: 'it had 9 steps' }));
    expect(JSON.stringify(prompt.messages.at(-1))).toContain('Note on your previous answer: it had 9 steps');
  });

  it('asks for the next move in the notation when the game takes moves, and for an action chunk otherwise', async () => {
    const notation = 'as a cell: a column letter a-c then a row number 1-3.';
    const move = composePrompt('SYS', [], await current({ moveNotation: notation }));
    const text = JSON.stringify(move.messages.at(-1));
    expect(text).toContain(`Answer with your next move in the game's notation, written ${notation}`);
    expect(text).not.toContain('action chunk');
    expect(JSON.stringify(composePrompt('SYS', [], await current()).messages.at(-1))).toContain('Answer with your next action chunk.');
  });
});
