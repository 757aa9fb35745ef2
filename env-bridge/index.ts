/** env-bridge: turns a running game into a GameLink endpoint the gateway can drive. */
export * from './game-client.js';
export * from './process-driver.js';
export * from './launch.js';
