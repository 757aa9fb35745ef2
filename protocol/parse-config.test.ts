import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ArenaError, ErrorCode } from './errors.js';
import { formatIssues, issueDetails, parseConfig, parseJsonText, readConfigFile, readJsonFile } from './parse-config.js';

const dir = mkdtempSync(join(tmpdir(), 'parse-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const Point = z.strictObject({ x: z.number(), y: z.number() });
const errorOf = (f: () => unknown): ArenaError => {
  try {
    f();
  } catch (err) {
    if (err instanceof ArenaError) return err;
    throw err;
  }
  throw new Error('did not throw');
};

describe('formatIssues', () => {
  const bad = Point.safeParse({ x: 'one' });
  const whole = Point.safeParse(3);
  it('names each bad field by its path, joined by "; "', () => {
    expect(bad.success ? '' : formatIssues(bad.error)).toMatch(/^x: .+; y: .+$/);
  });
  it('names the whole value by the root given, "(root)" unless said', () => {
    expect(whole.success ? '' : formatIssues(whole.error)).toMatch(/^\(root\): /);
    expect(whole.success ? '' : formatIssues(whole.error, '(line)')).toMatch(/^\(line\): /);
  });
  it('puts every path under `under` when given', () => {
    expect(bad.success ? '' : formatIssues(bad.error, 'player', 'player')).toMatch(/^player\.x: .+; player\.y: /);
    expect(whole.success ? '' : formatIssues(whole.error, 'player', 'player')).toMatch(/^player: /);
  });
  it('gives the same issues as data', () => {
    expect(bad.success ? [] : issueDetails(bad.error).map((i) => i.path)).toEqual([['x'], ['y']]);
  });
});

describe('reading a JSON file', () => {
  it('reads the value', () => {
    expect(readJsonFile(file('ok.json', '{"x": 1, "y": 2}'))).toEqual({ x: 1, y: 2 });
    expect(readConfigFile(file('ok2.json', '{"x": 1, "y": 2}'), Point)).toEqual({ x: 1, y: 2 });
  });
  it('refuses a missing file with BAD_CONFIG "cannot read", or the code given', () => {
    const missing = join(dir, 'none.json');
    expect(errorOf(() => readJsonFile(missing))).toMatchObject({ code: ErrorCode.BAD_CONFIG, message: expect.stringMatching(/^cannot read .*none\.json: ENOENT/) as unknown });
    expect(errorOf(() => readJsonFile(missing, { code: ErrorCode.BAD_RECORD })).code).toBe(ErrorCode.BAD_RECORD);
  });
  it('refuses a file that is not JSON with "NAME is not JSON"', () => {
    const path = file('bad.json', '{"x": 1,');
    const err = errorOf(() => readJsonFile(path, { name: `cold-start run ${path}` }));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
    expect(err.message.startsWith(`cold-start run ${path} is not JSON: `)).toBe(true);
    expect(errorOf(() => parseJsonText('nope', '--recipe r.json')).message).toMatch(/^--recipe r\.json is not JSON: /);
  });
  it('refuses a value that does not fit with "NAME is not NOUN: issues"', () => {
    const path = file('point.json', '{"x": 1}');
    const err = errorOf(() => readConfigFile(path, Point, { noun: 'a point', code: ErrorCode.BAD_RECORD }));
    expect(err.code).toBe(ErrorCode.BAD_RECORD);
    expect(err.message).toMatch(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not a point: y: `));
    expect(errorOf(() => parseConfig({ x: 1, y: 'two' }, Point, 'the flags')).message).toMatch(/^the flags: y: /);
  });
});

describe('what a mistyped configuration is told', () => {
  const Match = z.strictObject({ stepBudget: z.number().optional(), agents: z.array(z.strictObject({ kind: z.string() })).optional() });
  it('names the field a flag-shaped key is in a file', () => {
    const err = errorOf(() => parseConfig({ steps: 3 }, Match, 'm.json', ErrorCode.BAD_CONFIG, { steps: 'stepBudget' }));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
    expect(err.message).toContain("'steps' is 'stepBudget'");
  });
  it('suggests the nearest key of the object the unknown key is in, nested ones too', () => {
    expect(errorOf(() => parseConfig({ agnts: [] }, Match, 'm.json')).message).toContain("did you mean 'agents' for 'agnts'?");
    expect(errorOf(() => parseConfig({ agents: [{ knd: 'random' }] }, Match, 'm.json')).message).toContain("did you mean 'kind' for 'knd'?");
  });
  it('gives a JSON error its line and column, not a character position', () => {
    const err = errorOf(() => readJsonFile(file('line.json', '{\n  "x": 1,\n}\n')));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
    expect(err.message).toMatch(/ at line 3 column 1$/);
  });
  it('reads a .yaml or .yml file as YAML', () => {
    expect(readConfigFile(file('ok.yaml', 'x: 1\ny: 2\n'), Point)).toEqual({ x: 1, y: 2 });
    expect(readJsonFile(file('ok.yml', '[1, 2]'))).toEqual([1, 2]);
  });
  it('refuses YAML that does not parse with "NAME is not YAML" and its line', () => {
    const err = errorOf(() => readJsonFile(file('bad.yaml', 'x: 1\ny: [2\n')));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
    expect(err.message).toMatch(/is not YAML: .*line \d+/);
  });
});

