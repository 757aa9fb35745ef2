/** The service's `match` job kind: a match configuration as in `arena match --config`, run in the service so spectators can watch. */
import { join } from 'node:path';
import { getVariant } from '../../games-manifest/index.js';
import { RemoteAgent, runMatch } from '../../gateway/index.js';
import type { JobKind } from '../../serve/index.js';
import { MatchConfig } from './match-config.js';
import { entryOf } from './match-entry.js';
import { resolveMatch } from './resolve-match.js';

/** A match configuration as the API takes it: `arena match --config`'s file without `runsDir`, which is the service's. */
const ServedMatchConfig = MatchConfig.omit({ runsDir: true });

export const matchKind: JobKind<Omit<MatchConfig, 'runsDir'>> = {
  kind: 'match',
  plural: 'matches',
  schema: ServedMatchConfig,
  spectatable: true,
  resumable: false,
  async prepare(raw, ctx) {
    const config = { ...raw, runsDir: ctx.runsDir };
    const entry = entryOf(config);
    if (config.variant !== undefined) getVariant(entry, config.variant);
    const remotes: RemoteAgent[] = [];
    const spec = resolveMatch(config, {
      makeRemote: (slot) => {
        const agent = new RemoteAgent(slot, { clock: config.clock });
        ctx.agentLink.register(agent);
        remotes.push(agent);
        return agent;
      },
    });
    const runId = ctx.id;
    const info = { runId, runDir: join(ctx.runsDir, runId), ...(remotes.length ? { agentLink: { url: ctx.agentLink.url, slots: remotes.map((a) => ({ slot: a.slot, token: a.token })) } } : {}) };
    return {
      info,
      async run(job) {
        try {
          const result = await runMatch({ ...spec, runId, signal: job.signal, observer: job.observer, meta: { ...spec.meta, serve: { job: job.id } } });
          const { dir: _dir, ...rest } = result;
          return { status: result.status === 'complete' ? 'complete' : 'failed', result: rest, ...(result.error ? { error: { code: result.error.code, message: result.error.message } } : {}) };
        } finally {
          for (const a of remotes) ctx.agentLink.unregister(a);
        }
      },
    };
  },
};

