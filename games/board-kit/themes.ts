/** The looks boards come in; held-out variants use the less common ones. */
import type { BoardTheme } from './grid-view.js';

export const THEMES = {
  wood: { background: [36, 40, 48], board: [214, 178, 120], boardAlt: [150, 104, 62], line: [60, 40, 20], label: [220, 220, 220], text: [235, 235, 235], accent: [255, 196, 64] },
  paper: { background: [245, 245, 240], board: [255, 255, 255], boardAlt: [200, 205, 215], line: [30, 30, 30], label: [60, 60, 60], text: [20, 20, 20], accent: [200, 40, 40] },
  ink: { background: [12, 16, 28], board: [28, 44, 70], boardAlt: [70, 100, 140], line: [150, 180, 220], label: [150, 180, 220], text: [210, 225, 245], accent: [90, 220, 160] },
  green: { background: [24, 32, 24], board: [40, 130, 70], boardAlt: [120, 170, 110], line: [10, 50, 20], label: [210, 230, 210], text: [230, 240, 230], accent: [250, 230, 90] },
} as const satisfies Record<string, BoardTheme>;
export type ThemeName = keyof typeof THEMES;
