import { describe, expect, it } from 'vitest';
import { EMPTY_CELL, formatCell, formatDuration, formatInterval, inferTable, shortId, textTable, withoutEmptyColumns, type TableDoc } from './table-format.js';

describe('the table formatter', () => {
  it('writes an interval as mean +- half to the same decimals, with n on hover', () => {
    expect(formatInterval({ mean: 0.4312, half: 0.0521 }, 2)).toBe('0.43 +- 0.05');
    const cell = formatCell({ mean: 0.4312, half: 0.0521, n: 12 }, { header: 'mean progress', kind: 'interval', digits: 2 });
    expect(cell).toEqual({ text: '0.43 +- 0.05', full: '0.43 +- 0.05 (n = 12)', sort: 0.4312 });
    expect(formatInterval({ mean: 0.5, half: null }, 3)).toBe('0.500');
    expect(formatInterval({ mean: null, half: 0.1 })).toBe(EMPTY_CELL);
  });

  it('writes empty values as an em dash and never JSON', () => {
    const text = { header: 'x', kind: 'text' } as const;
    for (const v of [null, undefined, '', [], {}]) expect(formatCell(v, text).text).toBe(EMPTY_CELL);
    expect(formatCell(Number.NaN, { header: 'x', kind: 'number' }).text).toBe(EMPTY_CELL);
    expect(formatCell({ PROVIDER_TIMEOUT: 2, AGENT_GONE: 1 }, text).text).toBe('PROVIDER_TIMEOUT 2, AGENT_GONE 1');
    expect(formatCell(['random', 'scripted'], text).text).toBe('random, scripted');
    expect(formatCell('random', text).text).toBe('random');
  });

  it('writes numbers to a sensible precision, shares as percentages and durations in their unit', () => {
    expect(formatCell(0.123456, { header: 'x', kind: 'number' }).text).toBe('0.123');
    expect(formatCell(42.345, { header: 'x', kind: 'number' }).text).toBe('42.3');
    expect(formatCell(1234.5, { header: 'x', kind: 'number' }).text).toBe('1235');
    expect(formatCell(7, { header: 'x', kind: 'count' }).text).toBe('7');
    expect(formatCell(0.125, { header: 'x', kind: 'share' }).text).toBe('12.5%');
    expect(formatCell(-0.0001, { header: 'x', kind: 'number', digits: 2 }).text).toBe('0.00');
    expect([850, 12_400, 200_000, 3_900_000].map(formatDuration)).toEqual(['850 ms', '12.4 s', '3 min 20 s', '1 h 05 min']);
    expect(formatCell('2026-12-01T21:04:30.320Z', { header: 'x', kind: 'date' }).text).toBe('2026-12-01 21:04');
  });

  it('shortens a long id keeping its start and its distinguishing end', () => {
    const id = 'sweep-20261201-210430-acfc3d--sweep--runs--last_stand.origin.lcrt.7d34bdbd.s2';
    const s = shortId(id);
    expect(s.length).toBe(30);
    expect(s.startsWith('sweep-')).toBe(true);
    expect(s.endsWith('lcrt.7d34bdbd.s2')).toBe(true);
    expect(shortId('match-20261201-210430-ae0e85')).toBe('match-20261201-210430-ae0e85');
  });

  it('aligns a text table with units in the headers, numbers to the right', () => {
    const doc: TableDoc = { title: 'Cells', columns: [{ header: 'agent', kind: 'text' }, { header: 'latency', unit: 'ms', kind: 'number', digits: 0 }, { header: 'progress', kind: 'interval', digits: 2 }], rows: [['random', 12, { mean: 0.1, half: 0.02 }], ['scripted', 1500, { mean: 0.45, half: null }]] };
    expect(textTable(doc).split('\n')).toEqual(['Cells', 'agent     latency (ms)      progress', 'random              12  0.10 +- 0.02', 'scripted          1500          0.45']);
  });

  it('keeps a column shown under one dropped as empty, as a column of its own', () => {
    const doc: TableDoc = { title: '', columns: [{ header: 'agent', kind: 'text' }, { header: 'job', kind: 'id' }, { header: 'cell', kind: 'text', under: true }, { header: 'model', kind: 'text', under: true }, { header: 'started', kind: 'date' }, { header: 'duration', kind: 'duration', under: true }], rows: [['random', null, 'c1', null, '2026-12-01T10:00:00Z', 12]] };
    const kept = withoutEmptyColumns(doc);
    expect(kept.columns.map((c) => [c.header, c.under ?? false])).toEqual([['agent', false], ['cell', false], ['started', false], ['duration', true]]);
    expect(kept.rows).toEqual([['random', 'c1', '2026-12-01T10:00:00Z', 12]]);
  });

  it('names inferred columns in words with units, and drops columns empty in every row', () => {
    const doc = inferTable('models', [{ agent: 'random', meanChargedMs: 3.5, invalidRate: 0.25, ttftP50Ms: null }]);
    expect(doc.columns.map((c) => [c.header, c.unit ?? '', c.kind])).toEqual([['agent', '', 'text'], ['mean charged', 'ms', 'number'], ['invalid rate', '', 'share'], ['ttft p50', 'ms', 'number']]);
    expect(withoutEmptyColumns(doc).columns.map((c) => c.header)).toEqual(['agent', 'mean charged', 'invalid rate']);
  });
});

describe('an interval over too few values', () => {
  it('is the mean alone, saying n is too small, not a false +- 0.000', () => {
    const doc: TableDoc = { title: '', columns: [{ header: 'mean', kind: 'interval', digits: 3 }], rows: [[{ mean: 0.5, half: 0, n: 2 }], [{ mean: 0.5, half: 0.1, n: 3 }]] };
    const [small, enough] = textTable(doc).split('\n').slice(-2);
    expect(small).toContain('0.500 (n too small)');
    expect(enough).toContain('0.500 +- 0.100');
  });
});

