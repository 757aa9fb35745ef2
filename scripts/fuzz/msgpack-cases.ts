/**
 * Seeded hostile inputs for the links: mutations of valid msgpack messages (bit flips, truncations, splices,
 * lying length fields) and random msgpack values, each reproducible from its seed and index.
 */
import { encode } from '@msgpack/msgpack';
import type { Prng } from '../../protocol/index.js';

/** Headers of msgpack containers with 32-bit lengths: a fuzzer writes huge lengths after them. */
const LENGTH_HEADS = [0xc6, 0xdb, 0xdd, 0xdf] as const;

function randomValue(rng: Prng, depth: number): unknown {
  switch (rng.int(depth > 2 ? 6 : 9)) {
    case 0:
      return rng.int(1 << 20) - (1 << 19);
    case 1:
      return rng.next() * 1e6;
    case 2:
      return rng.int(2) === 0;
    case 3:
      return null;
    case 4:
      return 'kxyzWASD'.slice(0, rng.int(8));
    case 5:
      return new Uint8Array(rng.int(16)).map(() => rng.int(256));
    case 6:
      return Array.from({ length: rng.int(5) }, () => randomValue(rng, depth + 1));
    default: {
      const keys = ['type', 'id', 'ms', 'slot', 'seed', 'frames', 'inputs', 'token', 'step', 'version', 'x'];
      return Object.fromEntries(Array.from({ length: rng.int(5) }, () => [keys[rng.int(keys.length)]!, randomValue(rng, depth + 1)]));
    }
  }
}

/** One mutation of `valid`, or a fresh random value with a known or unknown `type`. */
export function fuzzCase(rng: Prng, valid: readonly object[], types: readonly string[]): Uint8Array {
  const base = Buffer.from(encode(valid[rng.int(valid.length)]!));
  switch (rng.int(7)) {
    case 0: {
      // Bit flips.
      const out = Buffer.from(base);
      for (let i = 0, n = 1 + rng.int(4); i < n; i++) out[rng.int(out.length)]! ^= 1 << rng.int(8);
      return out;
    }
    case 1:
      // Truncation.
      return base.subarray(0, rng.int(base.length));
    case 2: {
      // Random bytes spliced in.
      const at = rng.int(base.length + 1);
      const noise = Buffer.from(Array.from({ length: 1 + rng.int(8) }, () => rng.int(256)));
      return Buffer.concat([base.subarray(0, at), noise, base.subarray(at)]);
    }
    case 3: {
      // A container header with a length that lies.
      const head = LENGTH_HEADS[rng.int(LENGTH_HEADS.length)]!;
      const len = Buffer.alloc(4);
      len.writeUInt32BE(rng.int(2) === 0 ? 0xffffffff : rng.int(1 << 16));
      return Buffer.concat([base.subarray(0, rng.int(base.length)), Buffer.from([head]), len]);
    }
    case 4:
      // Pure noise.
      return Buffer.from(Array.from({ length: rng.int(64) }, () => rng.int(256)));
    case 5: {
      // A known type with random fields.
      const fields = randomValue(rng, 3);
      return encode({ ...(typeof fields === 'object' && fields !== null && !Array.isArray(fields) ? fields : {}), type: types[rng.int(types.length)] });
    }
    default:
      return encode(randomValue(rng, 0));
  }
}

/** The fuzz budget: `ARENA_FUZZ_SECONDS` (default `fallback`) and `ARENA_FUZZ_SEED` (default 1). */
export function fuzzBudget(fallbackSeconds: number): { readonly ms: number; readonly seed: number } {
  const seconds = Number(process.env.ARENA_FUZZ_SECONDS ?? fallbackSeconds);
  const seed = Number(process.env.ARENA_FUZZ_SEED ?? 1);
  return { ms: (Number.isFinite(seconds) && seconds > 0 ? seconds : fallbackSeconds) * 1000, seed: Number.isInteger(seed) ? seed : 1 };
}
