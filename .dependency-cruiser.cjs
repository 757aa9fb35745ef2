/**
 * Import direction between the top-level layers, from layers.json (the one list of layers and their allowed
 * imports). Each rule names an arrow that must not exist. A game's manifest files (games/<id>/manifest*.ts)
 * are data of the games-manifest layer kept beside their game: they import only protocol and games-manifest,
 * and games-manifest's registry collects them.
 */
const { layers } = require('./layers.json');

const names = Object.keys(layers);
const MANIFEST = '^games/[^/]+/manifest[a-z-]*[.]ts$';
const layer = (name) => `^${name}/`;
const notThrough = (name) => `^${name}/(?!index\\.ts$)`;
/**
 * The commands that are a plan's (plans/run/plan-names.ts; tests/plans-layer.test.ts keeps the two lists equal)
 * and the command line's io for them: flags -> config -> plan -> print, so they reach no engine but through plans.
 */
const PLAN_COMMANDS = ['match', 'tournament', 'curve', 'transfer', 'sweep', 'watch', 'boards', 'cases'];
/** The layers a plan runs on: everything but the wire types (protocol), the plans and what sits above them. */
const ENGINES = names.filter((l) => !['protocol', 'plans', 'scripts', 'web'].includes(l));
const forbid = (from, to, comment) => ({
  name: `no-${from}-to-${to}`,
  comment,
  severity: 'error',
  from: { path: layer(from), pathNot: MANIFEST },
  to: { path: layer(to), pathNot: from === 'games-manifest' ? MANIFEST : undefined },
});

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    ...names.flatMap((from) =>
      [...names, 'tests']
        .filter((to) => to !== from && !layers[from].includes(to))
        .map((to) => forbid(from, to, `${from} may import only ${layers[from].join(', ') || 'nothing internal'}`)),
    ),
    {
      name: 'plan-commands-reach-engines-only-through-plans',
      comment: 'a plan command is flags -> config -> plan -> print: it imports protocol, plans and the command line, no engine',
      severity: 'error',
      from: { path: `^scripts/(commands/(${PLAN_COMMANDS.join('|')})|plan-io)[.]ts$` },
      to: { path: `^(${ENGINES.join('|')})/` },
    },
    // The service knows plans, not commands, and plans never reach the command line: the layer rules
    // no-serve-to-scripts and no-plans-to-scripts above. That the service starts no `bin/arena.js` child (a
    // dependency no import shows) is tests/plans-layer.test.ts's.
    {
      name: 'manifest-files-are-data',
      comment: 'a game manifest file imports only protocol and games-manifest',
      severity: 'error',
      from: { path: MANIFEST },
      to: { path: '^(?!protocol/|games-manifest/|games/[^/]+/manifest)', pathNot: 'node_modules' },
    },
    ...names
      .filter((l) => l !== 'scripts')
      .map((l) => ({
        name: `only-${l}-index`,
        comment: `other layers import ${l} only through ${l}/index.ts`,
        severity: 'error',
        from: { path: `^(${names.join('|')})/`, pathNot: `${layer(l)}|${MANIFEST}` },
        // Six protocol modules may be imported directly: table-format.ts, axis-ticks.ts and score-measure.ts, by the web app (the index pulls node modules a
        // browser bundle cannot take), and errors.ts, flag-table.ts and suggest.ts, by the command line (they load no
        // schemas, so the start stays light). A plan's flag table (plans/<kind>/<name>-flags.ts) is data the command
        // line's help reads without loading the plan.
        to: { path: notThrough(l), pathNot: l === 'games' ? MANIFEST : l === 'protocol' ? '^protocol/(table-format|axis-ticks|score-measure|errors|flag-table|suggest)[.]ts$' : l === 'plans' ? '^plans/[^/]+/[a-z-]+-flags[.]ts$' : undefined },
      })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: `^(${names.join('|')})/`,
    exclude: { path: '(node_modules|dist|\\.test\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
