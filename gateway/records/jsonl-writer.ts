/** An append-only JSON-lines file written synchronously, so a crash loses at most the line in flight. */
import { appendFileSync, closeSync, fsyncSync, openSync } from 'node:fs';

export class JsonlWriter {
  private fd: number | undefined;

  constructor(readonly path: string) {
    this.fd = openSync(path, 'a');
  }

  append(record: object): void {
    if (this.fd === undefined) throw new Error(`${this.path} is closed`);
    appendFileSync(this.fd, `${JSON.stringify(record)}\n`);
  }

  close(): void {
    if (this.fd === undefined) return;
    fsyncSync(this.fd);
    closeSync(this.fd);
    this.fd = undefined;
  }
}
