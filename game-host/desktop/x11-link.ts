/**
 * A connection to one X display through the pure-JS `x11` client: finds the game's window, gives it the
 * keyboard focus (there is no window manager to do it), and sends XTest relative pointer motion, which SDL
 * games read as mouse-look (absolute pointer moves do not turn their view).
 */
import x11, { type XClient, type XTest } from 'x11';
import { ArenaError, ErrorCode } from '../../protocol/index.js';

/** A top-level window of the display. */
export interface XWindow {
  readonly id: number;
  readonly title: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const MAP_STATE_VIEWABLE = 2;
const REVERT_TO_PARENT = 2;
/** X11's `AnyPropertyType`. */
const ANY_TYPE = 0;

function call<T>(fn: (cb: (err: Error | null, value: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => fn((err, value) => (err ? reject(err) : resolve(value))));
}

export class X11Link {
  private closed = false;

  private constructor(
    private readonly client: XClient,
    private readonly root: number,
    private readonly test: XTest,
    private readonly netWmName: number,
    private readonly wmName: number,
  ) {
    // A display that goes away is noticed by the backend through the Xvfb process; the socket error is not news.
    client.on('error', () => undefined);
  }

  /** Connects to `display` (`:N`) and loads the XTest extension. */
  static async connect(display: string): Promise<X11Link> {
    let client: XClient | undefined;
    try {
      const dpy = await new Promise<{ client: XClient; root: number }>((resolve, reject) => {
        client = x11.createClient({ display }, (err, d) => {
          if (err) reject(err);
          else resolve({ client: d.client, root: d.screen[0]!.root });
        });
        client.once('error', reject);
      });
      const test = await call<XTest>((cb) => dpy.client.require('xtest', cb));
      const netWmName = await call<number>((cb) => dpy.client.InternAtom(false, '_NET_WM_NAME', cb));
      const wmName = await call<number>((cb) => dpy.client.InternAtom(false, 'WM_NAME', cb));
      return new X11Link(dpy.client, dpy.root, test, netWmName, wmName);
    } catch (err) {
      client?.terminate();
      throw new ArenaError(ErrorCode.GAME_CRASHED, `cannot use X display ${display}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  /** Mapped top-level windows, topmost last. */
  async windows(): Promise<XWindow[]> {
    const tree = await call<{ children: number[] }>((cb) => this.client.QueryTree(this.root, cb));
    const found: XWindow[] = [];
    for (const id of tree.children) {
      const attrs = await call<{ mapState: number }>((cb) => this.client.GetWindowAttributes(id, cb)).catch(() => undefined);
      if (attrs?.mapState !== MAP_STATE_VIEWABLE) continue;
      const geo = await call<{ xPos: number; yPos: number; width: number; height: number }>((cb) => this.client.GetGeometry(id, cb)).catch(() => undefined);
      if (!geo) continue;
      found.push({ id, title: await this.title(id), x: geo.xPos, y: geo.yPos, width: geo.width, height: geo.height });
    }
    return found;
  }

  private async title(id: number): Promise<string> {
    for (const atom of [this.netWmName, this.wmName]) {
      const prop = await call<{ data: Buffer }>((cb) => this.client.GetProperty(0, id, atom, ANY_TYPE, 0, 256, cb)).catch(() => undefined);
      if (prop && prop.data.length > 0) return prop.data.toString('utf8');
    }
    return '';
  }

  /** Gives `window` the keyboard focus and puts the pointer in its middle. */
  async focus(window: XWindow): Promise<void> {
    this.client.SetInputFocus(window.id, REVERT_TO_PARENT);
    this.test.FakeInput(this.test.MotionNotify, 0, 0, this.root, window.x + Math.floor(window.width / 2), window.y + Math.floor(window.height / 2));
    await this.sync();
  }

  /** The window that has the keyboard focus. */
  async focused(): Promise<number> {
    return (await call<{ focus: number }>((cb) => this.client.GetInputFocus(cb))).focus;
  }

  /** Moves the pointer by (dx, dy) pixels as a relative XTest motion (raw mouse motion to the game). */
  moveRelative(dx: number, dy: number): void {
    const clamp = (v: number): number => Math.max(-32768, Math.min(32767, Math.round(v)));
    this.test.FakeInput(this.test.MotionNotify, 1, 0, 0, clamp(dx), clamp(dy));
  }

  /** Waits until the server has handled every request sent so far. */
  async sync(): Promise<void> {
    await this.focused();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.client.terminate();
  }
}
