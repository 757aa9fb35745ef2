/** render: a tiny deterministic software renderer for RGB framebuffers: the same draw calls give the same bytes. */
export * from './vec3.js';
export * from './color.js';
export * from './canvas.js';
export * from './camera.js';
export * from './raster.js';
export * from './shapes.js';
export * from './turned-box.js';
export * from './font.js';
export { GLYPH_WIDTH, GLYPH_HEIGHT } from './glyphs.js';
