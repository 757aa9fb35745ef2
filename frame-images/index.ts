/** frame-images: frames encoded for an agent's JPEG profile, shared by the gateway and the agents that encode. */
export { encodeJpeg } from './jpeg.js';
