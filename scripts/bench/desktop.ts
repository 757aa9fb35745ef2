/**
 * The desktop driver on a real game: screen grab and grab + JPEG cost per frame, and the clock error over
 * many advances (actual / requested game time). The driver needs a display of its own per process, so
 * this runs env-bridge/desktop/measure.ts as a child process; it is skipped when Xvfb or the game is missing.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { moduleCommand } from '../../env-bridge/index.js';

export interface DesktopMeasure {
  readonly game: string;
  readonly grabMs: Record<string, number>;
  readonly grabJpegMs: Record<string, number>;
  readonly actualOverRequested: Record<string, number>;
  readonly errorMs: Record<string, number>;
  readonly advanceMs: number;
}

/** Why the desktop benchmark cannot run here, or undefined when it can. */
export function desktopMissing(): string | undefined {
  const need: [string, string][] = [
    ['/usr/bin/Xvfb', 'xvfb'],
    ['/usr/games/chocolate-doom', 'chocolate-doom'],
  ];
  const missing = need.filter(([path]) => !existsSync(path)).map(([, pkg]) => pkg);
  return missing.length > 0 ? `missing ${missing.join(', ')} (apt-get install ${missing.join(' ')} freedoom faketime)` : undefined;
}

export function benchDesktop(game: string, advances: number, ms: number): Promise<DesktopMeasure> {
  const measure = moduleCommand('game-host/desktop/measure.ts');
  const child = spawn(measure.command, [...measure.args, game, String(advances), String(ms)], { cwd: measure.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  // libX11 exits the process with status 1 when the display it still holds goes away at close; the
  // measurement printed before that is complete, so a whole JSON object on stdout is what counts.
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      try {
        resolve(JSON.parse(out) as DesktopMeasure);
      } catch {
        reject(new Error(`desktop measure failed (${code}): ${err.slice(-500)}`));
      }
    }),
  );
}
