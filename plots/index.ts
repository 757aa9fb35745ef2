/**
 * The plots layer: every plot as SVG text, from plain data, with no Node or browser package, so the files the
 * command line writes (SVG, and PNG through sharp) and the pages the web app draws are the same plots. Axes have
 * nice ticks and labels with units; every mean carries its 95% interval and its n.
 */
export { intervalPlotSvg } from './interval-plot.js';
export { placeLabel, textBox, type Obstacles } from './label-place.js';
export { meanCi, t95, type MeanCi } from './mean-ci.js';
export { runPlotSvg, runPlotTitle, type RunPlotData } from './run-plot.js';
export { drawAxes, errorBar, esc, svgText } from './svg-axes.js';
export { colour, legend, svgDoc } from './svg-doc.js';
