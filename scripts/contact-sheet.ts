/**
 * Contact sheets: the first frame of games and variants, rendered in this process straight from the
 * reference simulations, each thumbnail labelled with the game, variant and (for two-player games) the
 * player whose view it is.
 */
import sharp from 'sharp';
import { builtinGames, clearCanvas, createCanvas, drawText, fillRect, type GameDefinition } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';

export interface Shot {
  readonly game: string;
  readonly variant: string;
  readonly slot: number;
  readonly rgb: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** The first frame of one game, variant and slot at the game's frame size. */
export function firstFrame(def: GameDefinition, variant: string, slot: number, seed = 1): Shot {
  const entry = getGame(def.id);
  const { width, height } = entry.frame;
  const sim = def.create({ seed, variant, slots: def.slots.map((s) => s.slot) });
  const rgb = new Uint8Array(width * height * 3);
  sim.render(slot, width, height, rgb);
  return { game: def.id, variant, slot, rgb, width, height };
}

/** Every game's every variant, and every player's view of the two-player games. */
export function allShots(games: readonly GameDefinition[] = builtinGames, seed = 1): Shot[][] {
  return games.map((def) => def.variants.flatMap((v) => def.slots.map((s) => firstFrame(def, v, s.slot, seed))));
}

/** A labelled grid: one row per list of shots. Returns PNG bytes, or JPEG when `format` says so. */
export async function contactSheet(rows: readonly (readonly Shot[])[], thumbWidth = 320, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const first = rows[0]?.[0];
  if (!first) throw new Error('nothing to draw');
  const thumbHeight = Math.round((first.height / first.width) * thumbWidth);
  const labelHeight = 16;
  const cellH = thumbHeight + labelHeight;
  const columns = Math.max(...rows.map((r) => r.length));
  const sheet = createCanvas(columns * thumbWidth, rows.length * cellH);
  clearCanvas(sheet, [24, 24, 28]);
  const composites: sharp.OverlayOptions[] = [];
  for (const [r, row] of rows.entries()) {
    for (const [c, shot] of row.entries()) {
      const x = c * thumbWidth;
      const y = r * cellH;
      fillRect(sheet, x, y, thumbWidth, labelHeight, [40, 40, 48]);
      const twoPlayer = getGame(shot.game).slots.length > 1;
      drawText(sheet, `${shot.game} / ${shot.variant}${twoPlayer ? ` / P${shot.slot + 1}` : ''}`, x + 4, y + 4, { color: [235, 235, 235] });
      const thumb = await sharp(shot.rgb, { raw: { width: shot.width, height: shot.height, channels: 3 } }).resize(thumbWidth, thumbHeight).raw().toBuffer();
      composites.push({ input: thumb, raw: { width: thumbWidth, height: thumbHeight, channels: 3 }, left: x, top: y + labelHeight });
    }
  }
  const image = sharp(sheet.rgb, { raw: { width: sheet.width, height: sheet.height, channels: 3 } }).composite(composites);
  return format === 'jpeg' ? image.jpeg({ quality: 82 }).toBuffer() : image.png({ compressionLevel: 9 }).toBuffer();
}
