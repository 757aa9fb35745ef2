/**
 * `arena bridge` across a real network link: two network namespaces joined by a veth pair with 20 ms of
 * delay and a little loss (tc netem, or where the kernel lacks netem a delaying relay and an nftables random
 * drop), the bridge in one and
 * `arena match` in the other. Matches through the bridge (plain, TLS, dialled out to `arena serve`, a link cut
 * mid-match) give the ledger and frame digests of the same match on loopback. Needs root and `ip netns`;
 * skipped with the reason otherwise.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bridgeSecrets, behaviourOf, runMatch, startBridge, startReady, type ReadyProcess } from './support/bridge-process.js';
import { createNetnsLink, netnsUnavailable, type NetnsLink } from './support/netns.js';
import { tempRunsDir } from './support/run-dir.js';

const unavailable = netnsUnavailable();
if (unavailable) process.stderr.write(`bridge-netns tests skipped: ${unavailable}\n`);

const PDQ = ['--game', 'last_stand', '--steps', '8'];
const LCRT = ['--game', 'last_stand', '--clock', 'lcrt', '--latency', 'synthetic:300', '--steps', '8'];

describe.skipIf(unavailable !== undefined)('arena bridge across a 20 ms link between two network namespaces', () => {
  let link: NetnsLink;
  let secrets: ReturnType<typeof bridgeSecrets>;
  let runs: ReturnType<typeof tempRunsDir>;
  const procs: ReadyProcess[] = [];
  const baseline = new Map<string, ReturnType<typeof behaviourOf>>();

  beforeAll(async () => {
    link = createNetnsLink(20, 0.5);
    secrets = bridgeSecrets(link.ipA);
    runs = tempRunsDir();
    for (const [name, args] of [['pdq', PDQ], ['lcrt', LCRT], ['long', [...PDQ.slice(0, 2), '--steps', '24']]] as const) {
      const run = await runMatch(args, runs.dir);
      expect(run.code).toBe(0);
      baseline.set(name, behaviourOf(run.dir));
      expect(linkOf(run.dir)).toBeUndefined();
    }
  }, 120_000);

  afterAll(async () => {
    for (const p of procs.splice(0)) await p.stop();
    if (link) process.stderr.write(`bridge-netns: loss by ${link.loss}; ${String(link.dropped())} packets dropped by the nftables rule\n`);
    link?.cleanup();
    secrets?.cleanup();
    runs?.cleanup();
  });

  /** A bridge in namespace A and the address a gateway in B dials (through the delaying relay if netem is missing). */
  async function bridgeInA(args: readonly string[], port: number): Promise<{ bridge: ReadyProcess; hostPort: string }> {
    const bridge = await startBridge(['--listen', `${link.ipA}:${port}`, '--token-file', secrets.tokenFile, ...args], link.exec(link.nsA));
    procs.push(bridge);
    if (link.delay === 'netem') return { bridge, hostPort: `${link.ipA}:${port}` };
    const relay = await startReady(process.execPath, ['--import', 'tsx', 'tests/support/delay-relay-main.ts', link.ipA, String(port + 1), link.ipA, String(port), '20'], link.exec(link.nsA));
    procs.push(relay);
    return { bridge, hostPort: `${link.ipA}:${port + 1}` };
  }

  const inB = (): string[] => link.exec(link.nsB);
  const runsDir = (name: string): string => {
    const d = join(runs.dir, name);
    return d;
  };

  it('plays a pdq and an lcrt match with the ledger and frames they have on loopback; a wrong token is UNAUTHORIZED', async () => {
    const { bridge, hostPort } = await bridgeInA(['--game', 'last_stand'], 7700);
    expect(bridge.ready).toMatchObject({ game: 'last_stand', url: `ws://${link.ipA}:7700`, port: 7700 });
    for (const [name, args] of [['pdq', PDQ], ['lcrt', LCRT]] as const) {
      const dir = tempRunsDir();
      try {
        const run = await runMatch([...args, '--env', `ws://${hostPort}/?token_file=${secrets.tokenFile}`], dir.dir, inB());
        expect(run.code, run.stderr).toBe(0);
        expect(behaviourOf(run.dir)).toEqual(baseline.get(name));
        // PNG across the link (the default off this machine), each frame's age from its send stamp; nothing dropped.
        expect(linkOf(run.dir)).toMatchObject({ resumes: 0, frames: expect.any(Number) as unknown });
        expect(linkOf(run.dir)!.frameAgeP50Ms).toBeGreaterThanOrEqual(20);
        expect(linkOf(run.dir)!.bytesPerFrame).toBeLessThan(640 * 360 * 3);
      } finally {
        dir.cleanup();
      }
    }
    const wrong = join(secrets.dir, 'wrong-token');
    writeFileSync(wrong, 'not-the-bridge-token-at-all\n');
    const dir = tempRunsDir();
    try {
      const run = await runMatch([...PDQ, '--env', `ws://${hostPort}/?token_file=${wrong}`], dir.dir, inB());
      expect(run.code).toBe(1);
      expect(failureOf(run.dir)).toMatchObject({ code: 'UNAUTHORIZED' });
    } finally {
      dir.cleanup();
    }
    expect(bridge.stderr()).toMatch(/refused a gateway: UNAUTHORIZED/);
  }, 180_000);

  it('serves wss with a certificate the gateway trusts, and refuses a second gateway while the first holds it', async () => {
    const { hostPort } = await bridgeInA(['--game', 'last_stand', '--tls-cert', secrets.cert, '--tls-key', secrets.key], 7710);
    const env = { NODE_EXTRA_CA_CERTS: secrets.cert };
    const url = `wss://${hostPort}/?token_file=${secrets.tokenFile}`;
    // The first gateway: a client that says hello over wss and holds the seat.
    const holder = await startReady(process.execPath, ['tests/support/hold-seat.mjs', `wss://${hostPort}`, secrets.token], inB(), env);
    procs.push(holder);
    expect(holder.ready).toMatchObject({ type: 'hello', game: 'last_stand' });
    const second = tempRunsDir();
    const third = tempRunsDir();
    try {
      const refused = await runMatch([...PDQ, '--env', url], second.dir, inB(), env);
      expect(refused.code).toBe(1);
      expect(failureOf(refused.dir)?.message).toMatch(/already has a controlling gateway/);
      await holder.stop();
      const run = await runMatch([...PDQ, '--env', url], third.dir, inB(), env);
      expect(run.code, run.stderr).toBe(0);
      expect(behaviourOf(run.dir)).toEqual(baseline.get('pdq'));
    } finally {
      second.cleanup();
      third.cleanup();
    }
  }, 180_000);

  it("dials out to arena serve's bridge endpoint; a gateway plays it there", async () => {
    const serve = await startReady(process.execPath, ['bin/arena.js', 'serve', '--host', link.ipB, '--port', '0', '--token-file', secrets.tokenFile, '--no-web', '--runs', runsDir('serve')], inB());
    procs.push(serve);
    const servePort = Number(new URL(String(serve.ready.url)).port);
    let target = `${link.ipB}:${servePort}`;
    if (link.delay === 'relay') {
      const relay = await startReady(process.execPath, ['--import', 'tsx', 'tests/support/delay-relay-main.ts', '127.0.0.1', '0', link.ipB, String(servePort), '20'], link.exec(link.nsA));
      procs.push(relay);
      target = `127.0.0.1:${String(relay.ready.port)}`;
    }
    const bridge = await startBridge(['--game', 'last_stand', '--dial', `ws://${target}/bridges/gpu1/dial`, '--token-file', secrets.tokenFile], link.exec(link.nsA));
    procs.push(bridge);
    expect(bridge.ready).toMatchObject({ game: 'last_stand' });
    const listed = await fetchInB(`http://${link.ipB}:${servePort}/api/bridges`);
    expect(listed).toMatch(/"name":"gpu1"/);
    const dir = tempRunsDir();
    try {
      const run = await runMatch([...PDQ, '--env', `ws://${link.ipB}:${servePort}/bridges/gpu1?token_file=${secrets.tokenFile}`], dir.dir, inB());
      expect(run.code, run.stderr).toBe(0);
      expect(behaviourOf(run.dir)).toEqual(baseline.get('pdq'));
    } finally {
      dir.cleanup();
    }
  }, 180_000);

  it('takes a gateway back after the link was cut mid-match, with the same result as on loopback', async () => {
    const { bridge, hostPort } = await bridgeInA(['--game', 'last_stand', '--grace', '60000'], 7720);
    const dir = tempRunsDir();
    try {
      const playing = runMatch([...PDQ.slice(0, 2), '--steps', '24', '--env', `ws://${hostPort}/?token_file=${secrets.tokenFile}`], dir.dir, inB());
      await decisionsWritten(dir.dir, 3);
      link.setLink(false);
      await bridge.waitFor('gateway dropped');
      link.setLink(true);
      const run = await playing;
      expect(run.code, run.stderr).toBe(0);
      expect(bridge.stderr()).toMatch(/gateway took its session back/);
      expect(behaviourOf(run.dir)).toEqual(baseline.get('long'));
      expect(linkOf(run.dir)?.resumes).toBeGreaterThanOrEqual(1);
    } finally {
      link.setLink(true);
      dir.cleanup();
    }
  }, 180_000);

  it('ends the match with GAME_CRASHED, recorded, when the bridge vanishes', async () => {
    const { bridge, hostPort } = await bridgeInA(['--game', 'last_stand', '--grace', '1500'], 7730);
    const dir = tempRunsDir();
    try {
      const playing = runMatch([...PDQ.slice(0, 2), '--steps', '200', '--env', `ws://${hostPort}/?token_file=${secrets.tokenFile}`], dir.dir, inB());
      await decisionsWritten(dir.dir, 1);
      bridge.child.kill('SIGKILL');
      const run = await playing;
      expect(run.code).toBe(1);
      expect(failureOf(run.dir)).toMatchObject({ code: 'GAME_CRASHED' });
    } finally {
      dir.cleanup();
    }
  }, 180_000);

  /** GET from inside namespace B (the service listens there). */
  async function fetchInB(url: string): Promise<string> {
    const token = secrets.token;
    const p = await startReady(process.execPath, ['-e', `fetch(${JSON.stringify(url)},{headers:{authorization:'Bearer ${token}'}}).then(r=>r.text()).then(t=>console.log('ARENA_READY '+JSON.stringify({body:t})))`], inB());
    await p.stop();
    return String(p.ready.body);
  }
});

/** The bridge link summary `run.json` records. */
function linkOf(dir: string): { frames: number; bytesPerFrame: number; frameAgeP50Ms: number; resumes: number } | undefined {
  return (JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { link?: { frames: number; bytesPerFrame: number; frameAgeP50Ms: number; resumes: number } }).link;
}

/** The failure `run.json` records. */
function failureOf(dir: string): { code: string; message: string } | undefined {
  return (JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { failure?: { code: string; message: string } }).failure;
}

/** Resolves once the one match writing into `runsDir` has recorded `atLeast` decisions. */
async function decisionsWritten(runsDir: string, atLeast: number): Promise<void> {
  await vi.waitFor(
    () => {
      const name = readdirSync(runsDir).find((n) => !n.startsWith('.'));
      if (name === undefined) throw new Error('no run yet');
      expect(readFileSync(join(runsDir, name, 'decisions.jsonl'), 'utf8').split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(atLeast);
    },
    { timeout: 60_000, interval: 50 },
  );
}
