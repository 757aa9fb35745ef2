/**
 * Import direction between the top-level layers. Each rule names an arrow that must not exist.
 * protocol <- games-manifest <- game-host <- games, env-bridge <- gateway <- reflection; agents beside; scripts wires all.
 */
const layer = (name) => `^${name}/`;
const notThrough = (name) => `^${name}/(?!index\\.ts$)`;
const forbid = (from, to, comment) => ({
  name: `no-${from}-to-${to.replace(/[^a-z-]/g, '')}`,
  comment,
  severity: 'error',
  from: { path: layer(from) },
  to: { path: to },
});
const others = (self, allowed) =>
  ['protocol', 'games-manifest', 'game-host', 'games', 'env-bridge', 'gateway', 'agents', 'reflection', 'scripts', 'tests']
    .filter((l) => l !== self && !allowed.includes(l))
    .map((l) => forbid(self, layer(l), `${self} may import only ${allowed.join(', ') || 'nothing internal'}`));

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    ...others('protocol', []),
    ...others('games-manifest', ['protocol']),
    ...others('game-host', ['protocol', 'games-manifest']),
    ...others('games', ['protocol', 'games-manifest', 'game-host']),
    ...others('env-bridge', ['protocol', 'games-manifest', 'game-host']),
    ...others('gateway', ['protocol', 'games-manifest', 'env-bridge']),
    ...others('reflection', ['protocol', 'games-manifest', 'gateway']),
    ...others('agents', ['protocol', 'games-manifest']),
    ...others('scripts', ['protocol', 'games-manifest', 'game-host', 'games', 'env-bridge', 'gateway', 'agents', 'reflection']),
    ...['protocol', 'games-manifest', 'game-host', 'games', 'env-bridge', 'gateway', 'agents', 'reflection'].map((l) => ({
      name: `only-${l}-index`,
      comment: `other layers import ${l} only through ${l}/index.ts`,
      severity: 'error',
      from: { path: '^(protocol|games-manifest|game-host|games|env-bridge|gateway|agents|reflection|scripts)/', pathNot: layer(l) },
      to: { path: notThrough(l) },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist|\\.test\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
