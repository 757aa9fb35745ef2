import { describe, expect, it } from 'vitest';
import { parseFlags } from '../cli/flags.js';
import { curveOptions, curveSettingsFromFlags, resumedSettings } from '../../plans/index.js';

const flags = (...extra: string[]) => parseFlags('curve', curveOptions, ['--game', 'last_stand', '--agent', 'random', '--reflector-model', 'r', '--rounds', '2', '--episodes', '1', ...extra]).values;

describe('arena curve --style', () => {
  it('selects the runner style with its cold-start folder and validator model; ours stays the default', () => {
    expect(curveSettingsFromFlags(flags()).settings.runner).toBeUndefined();
    expect(curveSettingsFromFlags(flags('--style', 'ours')).settings.runner).toBeUndefined();
    const { settings } = curveSettingsFromFlags(flags('--style', 'runner', '--cold-start', 'tournaments/ls', '--validator-model', 'judge'));
    expect(settings.runner).toEqual({ roundZero: 'tournaments/ls', validatorModel: 'judge', validatorTemperature: 0, maxValidateCalls: 5, reflectionAttempts: 2 });
  });

  it('refuses a runner style without cold-start runs, runner flags without the style, and an unknown style', () => {
    expect(() => curveSettingsFromFlags(flags('--style', 'runner'))).toThrow(/--style runner needs --cold-start DIR/);
    expect(() => curveSettingsFromFlags(flags('--cold-start', 'x'))).toThrow(/go with --style runner/);
    expect(() => curveSettingsFromFlags(flags('--style', 'paper'))).toThrow(/--style takes ours or runner/);
  });

  it('keeps a stored curve in its style on resume unless --style says otherwise', () => {
    const { settings } = curveSettingsFromFlags(flags('--style', 'runner', '--cold-start', 'runs'));
    const resume = (...extra: string[]) => parseFlags('curve', curveOptions, ['--resume', 'x', ...extra]).values;
    expect(resumedSettings(settings, resume('--rounds', '4')).runner?.roundZero).toBe('runs');
    expect(resumedSettings(settings, resume('--style', 'ours')).runner).toBeUndefined();
  });
});
