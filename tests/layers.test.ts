/**
 * layers.json is the one list of layers: dependency-cruiser and the lint script read it, and this test keeps
 * the places that cannot read it equal to it: the layer table in docs/architecture.md, the files tsconfig.json
 * (or a layer's own tsconfig.json) takes in (its glob must reach every layer's files), and the top-level folders themselves (a folder of
 * TypeScript is a layer or one of the few non-layer folders).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const Layers = z.strictObject({ $comment: z.string(), layers: z.record(z.string(), z.array(z.string())) });
const { layers } = Layers.parse(JSON.parse(readFileSync('layers.json', 'utf8')));
const names = Object.keys(layers);
/** Top-level folders that hold TypeScript but are not layers. */
const NOT_LAYERS = new Set(['tests', 'examples', 'bin', 'node_modules', 'dist']);

/** Every .ts file under `dir`, as a path relative to the repository root with forward slashes. */
function listTypeScript(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(path).isDirectory() ? listTypeScript(path) : name.endsWith('.ts') ? [path] : [];
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

  it("is type-checked: tsconfig.json (or the layer's own, which npm run typecheck runs) takes in every layer's TypeScript files", () => {
    const files = (config: string): Set<string> => {
      const parsed = ts.getParsedCommandLineOfConfigFile(resolve(config), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => expect.fail(ts.flattenDiagnosticMessageText(d.messageText, '\n')) });
      return new Set(parsed!.fileNames.map((f) => relative(process.cwd(), f).split(sep).join('/')));
    };
    const root = files('tsconfig.json');
    const typecheck = z.object({ scripts: z.object({ typecheck: z.string() }) }).parse(JSON.parse(readFileSync('package.json', 'utf8'))).scripts.typecheck;
    for (const name of names) {
      const own = `${name}/tsconfig.json`;
      if (existsSync(own)) expect(typecheck, `npm run typecheck runs ${own}`).toContain(`tsc -p ${own}`);
      const checked = existsSync(own) ? files(own) : root;
      const sources = listTypeScript(name);
      expect(sources.length, name).toBeGreaterThan(0);
      expect(sources.filter((f) => !checked.has(f)), `${name} files no tsconfig takes in`).toEqual([]);
    }
    expect(root.has('tests/layers.test.ts')).toBe(true);
  });

  it('lists every top-level folder of TypeScript', () => {
    const folders = readdirSync('.').filter((d) => !d.startsWith('.') && !NOT_LAYERS.has(d) && statSync(d).isDirectory() && listTypeScript(d).length > 0);
    expect(folders.sort()).toEqual([...names].sort());
  });
});
