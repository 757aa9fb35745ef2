/** video: episode videos (H.264 through ffmpeg) with the decision panel, by re-simulation or as a match goes. */
export { videoFromRun, type RunVideo, type RunVideoOptions } from './video-from-run.js';
export { LiveVideo, type LiveVideoOptions } from './live-video.js';
export { VideoComposer, type ComposerOptions } from './video-composer.js';
export { FfmpegSink, type FfmpegSinkOptions } from './ffmpeg-sink.js';
export { EpisodeTimeline, type SlotMoment, type Phase } from './episode-timeline.js';
export { PANEL_WIDTH, printable, wrap } from './panel.js';
