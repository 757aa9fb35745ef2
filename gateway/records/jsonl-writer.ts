/** An append-only JSON-lines file written synchronously, so a crash loses at most the line in flight. */
import { appendFileSync, closeSync, fsyncSync, ftruncateSync, openSync } from 'node:fs';

/** Where a writer's failed writes go (the run recorder's, which ends the match on a disk failure). */
export interface WriteSink {
  /** A write failed earlier: later ones are not attempted. */
  blocked(): boolean;
  /** Takes a failed write's error; throws it again when it is no failure of the disk. */
  failed(err: unknown): void;
}

export class JsonlWriter {
  private fd: number | undefined;
  private bytes = 0;
  /** The newest line written whole. */
  last: Readonly<Record<string, unknown>> | undefined;

  constructor(
    readonly path: string,
    private readonly sink?: WriteSink,
  ) {
    this.fd = openSync(path, 'a');
  }

  append(record: object): void {
    if (this.fd === undefined) throw new Error(`${this.path} is closed`);
    if (this.sink?.blocked()) return;
    const line = Buffer.from(`${JSON.stringify(record)}\n`);
    try {
      appendFileSync(this.fd, line);
    } catch (err) {
      // A line cut by a full disk is taken back, so the file stays whole lines; truncating frees space, so it works on a full disk.
      if (this.sink === undefined) throw err;
      try {
        ftruncateSync(this.fd, this.bytes);
      } catch {
        // The file keeps a cut last line; readers stop at it (readJsonl).
      }
      this.sink.failed(err);
      return;
    }
    this.bytes += line.byteLength;
    this.last = record as Record<string, unknown>;
  }

  close(): void {
    if (this.fd === undefined) return;
    try {
      fsyncSync(this.fd);
    } catch (err) {
      if (this.sink === undefined) throw err;
      this.sink.failed(err);
    } finally {
      closeSync(this.fd);
      this.fd = undefined;
    }
  }
}
