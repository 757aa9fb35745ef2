/** Reads the lines appended to a file since the last read (a game's log), tolerating a file not there yet. */
import { closeSync, openSync, readSync, statSync } from 'node:fs';

export class FileTail {
  private offset = 0;
  private partial = '';

  constructor(readonly path: string) {}

  /** Complete lines appended since the last call; a trailing partial line waits for its newline. */
  read(): string[] {
    let size: number;
    try {
      size = statSync(this.path).size;
    } catch {
      return [];
    }
    // A file that shrank was rewritten: start again from its beginning.
    if (size < this.offset) this.offset = 0;
    if (size === this.offset) return [];
    const buf = Buffer.alloc(size - this.offset);
    const fd = openSync(this.path, 'r');
    try {
      readSync(fd, buf, 0, buf.length, this.offset);
    } finally {
      closeSync(fd);
    }
    this.offset = size;
    const lines = (this.partial + buf.toString('utf8')).split('\n');
    this.partial = lines.pop() ?? '';
    return lines.map((l) => l.replace(/\r$/, ''));
  }
}
