/** A one-line progress bar on stderr: redrawn in place on a terminal, a line every few seconds otherwise. */
export class ProgressBar {
  private lastDraw = 0;
  private lastLine = '';
  private readonly tty = process.stderr.isTTY === true;

  constructor(private readonly label: string, private readonly width = 28) {}

  update(fraction: number, detail: string): void {
    const now = Date.now();
    if (!this.tty && now - this.lastDraw < 5000 && fraction < 1) return;
    if (this.tty && now - this.lastDraw < 80 && fraction < 1) return;
    this.lastDraw = now;
    const f = Math.max(0, Math.min(1, fraction));
    const filled = Math.round(f * this.width);
    const line = `${this.label} [${'#'.repeat(filled)}${'.'.repeat(this.width - filled)}] ${(f * 100).toFixed(0).padStart(3)}% ${detail}`;
    if (this.tty) process.stderr.write(`\r${line.padEnd(this.lastLine.length)}`);
    else process.stderr.write(`${line}\n`);
    this.lastLine = line;
  }

  done(): void {
    if (this.tty && this.lastLine) process.stderr.write('\n');
  }
}
