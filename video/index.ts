/** video: episode videos (H.264 through ffmpeg) with the decision panel, by re-simulation or as a match goes. */
export { videoFromRun } from './video-from-run.js';
export { LiveVideo } from './live-video.js';
export { PANEL_WIDTH } from './panel.js';
