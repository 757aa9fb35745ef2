/** A run directory carried through Redis: the worker packs its files into a hash, the coordinator unpacks. */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Redis } from 'ioredis';

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Stores every file under `dir` in hash `key` (replacing what was there); the number of files. */
export async function packRunDir(redis: Redis, key: string, dir: string, ttlSeconds: number): Promise<number> {
  const all = files(dir);
  const pipeline = redis.multi().del(key);
  for (const f of all) pipeline.hset(key, relative(dir, f), readFileSync(f));
  pipeline.expire(key, ttlSeconds);
  await pipeline.exec();
  return all.length;
}

/** Writes hash `key` out as directory `dir`, whole or not at all (through a sibling `.part` folder). */
export async function unpackRunDir(redis: Redis, key: string, dir: string): Promise<number> {
  const hash = await redis.hgetallBuffer(key);
  const part = `${dir}.part`;
  rmSync(part, { recursive: true, force: true });
  for (const [name, data] of Object.entries(hash)) {
    const path = join(part, name);
    if (relative(part, path).startsWith('..')) continue;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
  }
  mkdirSync(part, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(part, dir);
  return Object.keys(hash).length;
}
