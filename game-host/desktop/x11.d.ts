/** The few parts of the `x11` package (a pure-JS X11 client) that the desktop driver uses. */
declare module 'x11' {
  import type { EventEmitter } from 'node:events';

  export type Callback<T> = (err: Error | null, value: T) => void;

  export interface XScreen {
    readonly root: number;
    readonly pixel_width: number;
    readonly pixel_height: number;
  }

  export interface XTest {
    readonly KeyPress: number;
    readonly KeyRelease: number;
    readonly ButtonPress: number;
    readonly ButtonRelease: number;
    readonly MotionNotify: number;
    FakeInput(type: number, detail: number, time: number, window: number, x: number, y: number): void;
  }

  export interface XClient extends EventEmitter {
    QueryTree(window: number, cb: Callback<{ root: number; parent: number; children: number[] }>): void;
    GetWindowAttributes(window: number, cb: Callback<{ mapState: number; overrideRedirect: number }>): void;
    GetGeometry(window: number, cb: Callback<{ xPos: number; yPos: number; width: number; height: number }>): void;
    GetProperty(del: number, window: number, name: number, type: number, longOffset: number, longLength: number, cb: Callback<{ type: number; data: Buffer }>): void;
    InternAtom(onlyIfExists: boolean, name: string, cb: Callback<number>): void;
    SetInputFocus(window: number, revertTo: number): void;
    GetInputFocus(cb: Callback<{ focus: number; revertTo: number }>): void;
    require(ext: 'xtest', cb: Callback<XTest>): void;
    terminate(): void;
    close(cb?: () => void): void;
  }

  export interface XDisplay {
    readonly client: XClient;
    readonly screen: readonly XScreen[];
  }

  export function createClient(options: { display: string }, cb: Callback<XDisplay>): XClient;

  const x11: { createClient: typeof createClient };
  export default x11;
}
