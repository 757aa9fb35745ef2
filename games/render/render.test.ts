import { describe, expect, it } from 'vitest';
import { createCanvas, createView, drawPolygon, drawSkyGradient, drawText, fillRect, measureText, textHeight, type Camera, type Canvas } from './index.js';

const pixel = (c: Canvas, x: number, y: number): number[] => [...c.rgb.subarray((y * c.width + x) * 3, (y * c.width + x) * 3 + 3)];
const camera: Camera = { position: [0, 0, 0], yawDeg: 0, pitchDeg: 0, fovDeg: 90 };

describe('render', () => {
  it('refuses buffers of the wrong size', () => {
    expect(() => createCanvas(4, 4, new Uint8Array(10))).toThrow(RangeError);
  });

  it('clips overlay rectangles to the canvas', () => {
    const c = createCanvas(4, 4);
    fillRect(c, -2, -2, 4, 4, [255, 0, 0]);
    expect(pixel(c, 1, 1)).toEqual([255, 0, 0]);
    expect(pixel(c, 2, 2)).toEqual([0, 0, 0]);
  });

  it('blends overlay rectangles by alpha', () => {
    const c = createCanvas(2, 2);
    fillRect(c, 0, 0, 2, 2, [200, 100, 0]);
    fillRect(c, 0, 0, 2, 2, [0, 0, 200], 128);
    expect(pixel(c, 0, 0)).toEqual([100, 50, 100]);
  });

  it('paints the sky from zenith to nadir', () => {
    const c = createCanvas(2, 100);
    drawSkyGradient(c, 50, [0, 0, 255], [255, 255, 255], [0, 0, 0]);
    expect(pixel(c, 0, 0)[0]).toBeLessThan(10);
    expect(pixel(c, 0, 50)[0]).toBeGreaterThan(240);
    expect(pixel(c, 0, 99)[0]).toBeLessThan(140);
  });

  it('hides a farther polygon behind a nearer one whatever the drawing order', () => {
    const c = createCanvas(20, 20);
    const view = createView(camera, 20, 20);
    const quad = (z: number): [number, number, number][] => [[-1, -1, z], [1, -1, z], [1, 1, z], [-1, 1, z]];
    drawPolygon(c, view, quad(2), [0, 255, 0]);
    drawPolygon(c, view, quad(5), [255, 0, 0]);
    expect(pixel(c, 10, 10)).toEqual([0, 255, 0]);
  });

  it('clips a polygon that crosses the near plane instead of dropping it', () => {
    const c = createCanvas(20, 20);
    const view = createView({ ...camera, pitchDeg: -30 }, 20, 20);
    drawPolygon(c, view, [[-5, -1, -5], [5, -1, -5], [5, -1, 20], [-5, -1, 20]], [9, 9, 9]);
    expect(pixel(c, 10, 19)).toEqual([9, 9, 9]);
  });

  it('draws text inside the box measureText and textHeight give', () => {
    const c = createCanvas(40, 20);
    drawText(c, 'A1', 2, 2, { scale: 2, color: [255, 255, 255] });
    let inked = 0;
    for (let y = 0; y < c.height; y++) {
      for (let x = 0; x < c.width; x++) {
        if (pixel(c, x, y)[0] === 0) continue;
        inked++;
        expect(x >= 2 && x < 2 + measureText('A1', 2) && y >= 2 && y < 2 + textHeight(2)).toBe(true);
      }
    }
    expect(inked).toBeGreaterThan(20);
  });
});
