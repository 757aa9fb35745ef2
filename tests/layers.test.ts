/**
 * layers.json is the one list of layers: dependency-cruiser and the lint script read it, and this test keeps
 * the places that cannot read it equal to it: the layer table in docs/architecture.md, tsconfig.json's
 * `include`, and the top-level folders themselves (a folder of TypeScript is a layer or one of the few
 * non-layer folders).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const Layers = z.strictObject({ $comment: z.string(), layers: z.record(z.string(), z.array(z.string())) });
const { layers } = Layers.parse(JSON.parse(readFileSync('layers.json', 'utf8')));
const names = Object.keys(layers);
/** Top-level folders that hold TypeScript but are not layers. */
const NOT_LAYERS = new Set(['tests', 'examples', 'bin', 'node_modules', 'dist']);

function hasTypeScript(dir: string): boolean {
  return readdirSync(dir).some((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? hasTypeScript(path) : name.endsWith('.ts');
  });
}

describe('layers.json', () => {
  it('names only existing layers as imports, each lower in the list than the layer importing it', () => {
    names.forEach((name, i) => {
      for (const dep of layers[name]!) expect(names.slice(0, i), `${name} imports ${dep}`).toContain(dep);
    });
  });

  it('is the table in docs/architecture.md', () => {
    const doc = readFileSync('docs/architecture.md', 'utf8');
    const block = /<!-- layers:begin -->\n([\s\S]*?)<!-- layers:end -->/.exec(doc)?.[1];
    expect(block, 'the layers:begin/end block').toBeDefined();
    const rows = block!.split('\n').filter((l) => /^\| `/.test(l)).map((l) => l.split(' | ').map((c) => c.replace(/^\| /, '')));
    const table = rows.map(([layer, imports]) => [layer!.replace(/`/g, ''), imports === '(nothing internal)' ? [] : imports!.split(', ')]);
    expect(table).toEqual(names.map((n) => [n, layers[n]]));
  });

  it("is covered by tsconfig.json's include", () => {
    const tsconfig = z.object({ include: z.array(z.string()) }).parse(JSON.parse(readFileSync('tsconfig.json', 'utf8')));
    for (const name of names) expect(tsconfig.include, name).toContain(name);
  });

  it('lists every top-level folder of TypeScript', () => {
    const folders = readdirSync('.').filter((d) => !d.startsWith('.') && !NOT_LAYERS.has(d) && statSync(d).isDirectory() && hasTypeScript(d));
    expect(folders.sort()).toEqual([...names].sort());
  });
});
