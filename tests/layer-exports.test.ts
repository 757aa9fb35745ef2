/**
 * Each layer's index.ts exports what some file outside the layer imports (another layer, a test, an example),
 * nothing more. A name nobody imports fails here; `tests/layer-exports-unused.json` lists the names that were
 * unused when this test came; it is empty now, and a name belongs in it only for a merge whose users come later.
 * `UPDATE_LAYER_EXPORTS=1 npx vitest run tests/layer-exports.test.ts` rewrites the list to what is unused now:
 * for a merge that brings exports whose users come later; a name should not stay in it for long.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LIST = join(ROOT, 'tests', 'layer-exports-unused.json');
const layers = Object.keys((JSON.parse(readFileSync(join(ROOT, 'layers.json'), 'utf8')) as { layers: Record<string, string[]> }).layers).filter((l) => l !== 'scripts' && l !== 'web');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (d.name === 'node_modules' || d.name === 'dist' || d.name.startsWith('.')) return [];
    const path = join(dir, d.name);
    return d.isDirectory() ? sourceFiles(path) : /\.(ts|mts|js|mjs)$/.test(d.name) && !d.name.endsWith('.d.ts') ? [path] : [];
  });
}

const parse = (path: string): ts.SourceFile => ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false);
const layerOf = (path: string): string => relative(ROOT, path).split('/')[0]!;

/** The names a layer's index.ts exports. */
function exportsOf(layer: string): string[] {
  const names: string[] = [];
  for (const st of parse(join(ROOT, layer, 'index.ts')).statements) {
    if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause)) names.push(...st.exportClause.elements.map((e) => e.name.text));
    else if (ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      if (ts.isVariableStatement(st)) names.push(...st.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : [])));
      else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isEnumDeclaration(st)) && st.name) names.push(st.name.text);
    }
  }
  return names;
}

/** Per layer, the names files outside it import from its index.ts (a namespace import uses them all). */
function importedNames(): Map<string, Set<string>> {
  const used = new Map(layers.map((l) => [l, new Set<string>()]));
  for (const file of sourceFiles(ROOT)) {
    const from = layerOf(file);
    // `const { a, b } = await import('../x/index.js')`: a lazy import uses the names it takes.
    for (const m of readFileSync(file, 'utf8').matchAll(/const \{([^}]*)\} = await import\('(\.[^']+)'\)/g)) {
      const target = relative(ROOT, resolve(dirname(file), m[2]!)).replace(/\.(js|ts)$/, '');
      const layer = target.endsWith('/index') ? target.slice(0, -'/index'.length) : undefined;
      if (layer === undefined || layer === from || !used.has(layer)) continue;
      for (const name of m[1]!.split(',')) used.get(layer)!.add(name.split(':')[0]!.trim());
    }
    for (const st of parse(file).statements) {
      const spec = (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : undefined;
      if (!spec?.startsWith('.')) continue;
      const target = relative(ROOT, resolve(dirname(file), spec)).replace(/\.(js|ts)$/, '');
      const layer = target.endsWith('/index') ? target.slice(0, -'/index'.length) : undefined;
      if (layer === undefined || layer === from || !used.has(layer)) continue;
      const names = used.get(layer)!;
      const bindings = ts.isImportDeclaration(st) ? st.importClause?.namedBindings : ts.isExportDeclaration(st) ? st.exportClause : undefined;
      if (bindings === undefined) {
        // `import './x'` uses nothing; `export * from` uses everything.
        if (ts.isExportDeclaration(st)) exportsOf(layer).forEach((n) => names.add(n));
      } else if (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)) {
        for (const e of bindings.elements) names.add((e.propertyName ?? e.name).text);
      } else exportsOf(layer).forEach((n) => names.add(n));
    }
  }
  return used;
}

/** `layer.name` for every export nobody outside its layer imports, sorted. */
function unusedExports(): string[] {
  const used = importedNames();
  return layers.flatMap((l) => exportsOf(l).filter((n) => !used.get(l)!.has(n)).map((n) => `${l}.${n}`)).sort();
}

describe("the layers' export lists", () => {
  const unused = unusedExports();
  if (process.env.UPDATE_LAYER_EXPORTS === '1') writeFileSync(LIST, `${JSON.stringify(unused, null, 2)}\n`);
  const listed = JSON.parse(readFileSync(LIST, 'utf8')) as string[];

  it('export nothing that no file outside the layer imports (beyond the listed ones)', () => {
    expect(unused.filter((n) => !listed.includes(n)), 'exports nobody imports: drop them from the index.ts').toEqual([]);
  });

  it('list no name that is used or gone now', () => {
    expect(listed.filter((n) => !unused.includes(n)), 'names to take off tests/layer-exports-unused.json').toEqual([]);
  });
});
