/**
 * Two network namespaces joined by a veth pair, with 20 ms of delay and a little loss on the link (tc netem;
 * where the kernel has no netem, a delaying TCP relay in the bridge's namespace makes the delay and an nftables
 * rule on each end of the veth drops the packets, both said on stderr).
 * Names are unique per run so parallel runs do not collide; `cleanup` removes both namespaces.
 */
import { execFileSync, spawnSync } from 'node:child_process';

/** One namespace pair: A holds the game's side (10.99.0.1), B the gateway's (10.99.0.2). */
export interface NetnsLink {
  readonly nsA: string;
  readonly nsB: string;
  readonly devA: string;
  readonly ipA: string;
  readonly ipB: string;
  /** How the delay is made: `netem` on the veth, or `relay` (tests/support/delay-relay-main.ts in A). */
  readonly delay: 'netem' | 'relay';
  /** How the loss is made: `netem`, `nftables` (a random drop on each side's veth input), or `none`. */
  readonly loss: 'netem' | 'nftables' | 'none';
  /** Packets the nftables loss rule dropped so far on both ends (0 under netem or without loss). */
  dropped(): number;
  /** The command prefix that runs a program in a namespace. */
  exec(ns: string): string[];
  /** Takes the link down (a pulled cable) or brings it back. */
  setLink(up: boolean): void;
  cleanup(): void;
}

let counter = 0;

function ip(args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Why namespace tests cannot run here, or undefined when they can. */
export function netnsUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'network namespace tests need root (CI runs as root)';
  const probe = `arp${process.pid % 100000}`;
  const add = spawnSync('ip', ['netns', 'add', probe], { encoding: 'utf8' });
  if (add.status !== 0) return `ip netns does not work here: ${(add.stderr || add.error?.message || '').trim()}`;
  spawnSync('ip', ['netns', 'del', probe]);
  return undefined;
}

/** Creates the pair with `delayMs` of delay and `lossPercent` loss on A's side of the link. */
export function createNetnsLink(delayMs = 20, lossPercent = 0.5): NetnsLink {
  counter += 1;
  const tag = `${process.pid % 100000}${counter}`;
  const nsA = `arbA${tag}`;
  const nsB = `arbB${tag}`;
  const devA = `arva${tag}`;
  const devB = `arvb${tag}`;
  const ipA = '10.99.0.1';
  const ipB = '10.99.0.2';
  const cleanup = (): void => {
    spawnSync('ip', ['netns', 'del', nsA]);
    spawnSync('ip', ['netns', 'del', nsB]);
  };
  try {
    ip(['netns', 'add', nsA]);
    ip(['netns', 'add', nsB]);
    ip(['link', 'add', devA, 'type', 'veth', 'peer', 'name', devB]);
    ip(['link', 'set', devA, 'netns', nsA]);
    ip(['link', 'set', devB, 'netns', nsB]);
    ip(['-n', nsA, 'addr', 'add', `${ipA}/24`, 'dev', devA]);
    ip(['-n', nsB, 'addr', 'add', `${ipB}/24`, 'dev', devB]);
    for (const [ns, dev] of [[nsA, devA], [nsB, devB]] as const) {
      ip(['-n', ns, 'link', 'set', dev, 'up']);
      ip(['-n', ns, 'link', 'set', 'lo', 'up']);
    }
  } catch (err) {
    cleanup();
    throw err;
  }
  const netem = spawnSync('ip', ['netns', 'exec', nsA, 'tc', 'qdisc', 'add', 'dev', devA, 'root', 'netem', 'delay', `${delayMs}ms`, 'loss', `${lossPercent}%`], { encoding: 'utf8' });
  const delay = netem.status === 0 ? 'netem' : 'relay';
  const loss = delay === 'netem' ? 'netem' : nftLoss([[nsA, devA], [nsB, devB]], lossPercent);
  if (delay === 'relay') {
    process.stderr.write(`netns link: tc netem is not available here (${netem.stderr.trim()}); a ${delayMs} ms delaying TCP relay stands in for the delay, ${loss === 'nftables' ? `and nftables drops ${lossPercent}% of the packets on each side` : 'without loss (nft is not installed)'}\n`);
  }
  return {
    nsA,
    nsB,
    devA,
    ipA,
    ipB,
    delay,
    loss,
    dropped: () => (loss === 'nftables' ? nftDropped([nsA, nsB]) : 0),
    exec: (ns) => ['ip', 'netns', 'exec', ns],
    setLink: (up) => ip(['-n', nsA, 'link', 'set', devA, up ? 'up' : 'down']),
    cleanup,
  };
}

/** Drops `lossPercent` of the packets arriving on each veth end at random (nftables' numgen); `none` without nft. */
function nftLoss(ends: readonly (readonly [string, string])[], lossPercent: number): 'nftables' | 'none' {
  const perMille = Math.round(lossPercent * 10);
  for (const [ns, dev] of ends) {
    const rules = [
      ['add', 'table', 'inet', 'arenaloss'],
      ['add', 'chain', 'inet', 'arenaloss', 'in', '{ type filter hook input priority 0; }'],
      ['add', 'rule', 'inet', 'arenaloss', 'in', 'iifname', dev, 'numgen', 'random', 'mod', '1000', '<', String(perMille), 'counter', 'drop'],
    ];
    for (const rule of rules) {
      const r = spawnSync('ip', ['netns', 'exec', ns, 'nft', ...rule], { encoding: 'utf8' });
      if (r.status !== 0) return 'none';
    }
  }
  return 'nftables';
}

function nftDropped(namespaces: readonly string[]): number {
  let total = 0;
  for (const ns of namespaces) {
    const r = spawnSync('ip', ['netns', 'exec', ns, 'nft', 'list', 'table', 'inet', 'arenaloss'], { encoding: 'utf8' });
    for (const m of r.stdout.matchAll(/counter packets (\d+)/g)) total += Number(m[1]);
  }
  return total;
}
