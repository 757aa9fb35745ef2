/** An RGB colour, each channel an integer 0..255. */
export type Rgb = readonly [number, number, number];

const channel = (v: number): number => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/** `color` with every channel multiplied by `factor`, rounded and clamped to 0..255. */
export function scaleColor(color: Rgb, factor: number): Rgb {
  return [channel(color[0] * factor), channel(color[1] * factor), channel(color[2] * factor)];
}

/** The colour `t` of the way from `a` to `b` (t in [0, 1], clamped), rounded per channel. */
export function mixColor(a: Rgb, b: Rgb, t: number): Rgb {
  const k = t <= 0 ? 0 : t >= 1 ? 1 : t;
  return [channel(a[0] + (b[0] - a[0]) * k), channel(a[1] + (b[1] - a[1]) * k), channel(a[2] + (b[2] - a[2]) * k)];
}
