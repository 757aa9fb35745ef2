/**
 * Screen grabs, keys and mouse buttons through nut-js (`autoDelayMs = 0`, calling its providers directly). nut-js opens the X display named
 * by this process's DISPLAY the first time it is used and keeps it, so one process drives one display:
 * the desktop bridge runs as its own process per game, and this module refuses a second display.
 */
import { ArenaError, ErrorCode, type MouseButton } from '../../protocol/index.js';
import type { RenderedFrame } from '../backend.js';
import type * as NutModule from '@nut-tree-fork/nut-js';

type NutJs = typeof NutModule;

let boundDisplay: string | undefined;

export class ScreenIo {
  private rgb = new Uint8Array(0);

  private constructor(
    private readonly nut: NutJs,
    private readonly keys: ReadonlyMap<string, number>,
  ) {}

  /**
   * Binds nut-js to `display` (setting DISPLAY before its first use) and resolves every key of `keyMap`
   * (control name -> nut-js `Key` name); an unknown key name is BAD_CONFIG.
   */
  static async open(display: string, keyMap: Readonly<Record<string, string>>): Promise<ScreenIo> {
    if (boundDisplay !== undefined && boundDisplay !== display) {
      throw new ArenaError(ErrorCode.BAD_STATE, `this process already drives display ${boundDisplay}; run one desktop bridge per game`);
    }
    boundDisplay = display;
    process.env.DISPLAY = display;
    const nut = await import('@nut-tree-fork/nut-js');
    nut.keyboard.config.autoDelayMs = 0;
    nut.mouse.config.autoDelayMs = 0;
    // The providers under nut-js's keyboard and mouse: the classes add a sleep(autoDelayMs) of about 1 ms per call.
    nut.providerRegistry.getKeyboard().setKeyboardDelay(0);
    nut.providerRegistry.getMouse().setMouseDelay(0);
    const names = nut.Key as unknown as Record<string, number | string>;
    const keys = new Map<string, number>();
    for (const [control, keyName] of Object.entries(keyMap)) {
      const key = names[keyName];
      if (typeof key !== 'number') throw new ArenaError(ErrorCode.BAD_CONFIG, `key map: '${keyName}' (for ${control}) is not a nut-js Key name`);
      keys.set(control, key);
    }
    return new ScreenIo(nut, keys);
  }

  /** Whether `control` has a key in the map. */
  hasKey(control: string): boolean {
    return this.keys.has(control);
  }

  /** Presses or releases the game key mapped to `control`. */
  async key(control: string, down: boolean): Promise<void> {
    const key = this.keys.get(control);
    if (key === undefined) throw new ArenaError(ErrorCode.BAD_INPUT, `no key mapped for control '${control}'`);
    const keyboard = this.nut.providerRegistry.getKeyboard();
    if (down) await keyboard.pressKey(key);
    else await keyboard.releaseKey(key);
  }

  /** Presses or releases a mouse button. */
  async button(button: MouseButton, down: boolean): Promise<void> {
    const b = button === 'left' ? this.nut.Button.LEFT : button === 'right' ? this.nut.Button.RIGHT : this.nut.Button.MIDDLE;
    const mouse = this.nut.providerRegistry.getMouse();
    if (down) await mouse.pressButton(b);
    else await mouse.releaseButton(b);
  }

  /** Grabs the whole screen as RGB into a buffer reused between calls. */
  async grab(): Promise<RenderedFrame> {
    const image = await this.nut.providerRegistry.getScreen().grabScreen();
    const { width, height, channels } = image;
    const src = image.data;
    if (this.rgb.length !== width * height * 3) this.rgb = new Uint8Array(width * height * 3);
    const out = this.rgb;
    // nut-js hands out BGRA on X11 (BGR colour mode); agents get RGB.
    const [r, b] = image.colorMode === this.nut.ColorMode.BGR ? [2, 0] : [0, 2];
    for (let i = 0, j = 0; j < out.length; i += channels, j += 3) {
      out[j] = src[i + r]!;
      out[j + 1] = src[i + 1]!;
      out[j + 2] = src[i + b]!;
    }
    return { data: out, encoding: 'rgb', width, height };
  }
}
