/**
 * Pings a WebSocket and cuts it when no pong comes back: a link whose cable was pulled never closes on its
 * own (TCP waits for minutes), so both ends of a network link notice a dead peer within `deadMs` this way.
 */
import type { WebSocket } from 'ws';

/** Pings `ws` every `intervalMs`; terminates it after `deadMs` without a pong. Returns a stop function. */
export function heartbeat(ws: WebSocket, intervalMs: number, deadMs: number): () => void {
  let lastPong = Date.now();
  const onPong = (): void => {
    lastPong = Date.now();
  };
  ws.on('pong', onPong);
  const timer = setInterval(() => {
    if (ws.readyState !== ws.OPEN) return;
    if (Date.now() - lastPong > deadMs) {
      ws.terminate();
      return;
    }
    ws.ping();
  }, intervalMs);
  timer.unref();
  const stop = (): void => {
    clearInterval(timer);
    ws.off('pong', onPong);
  };
  ws.once('close', stop);
  return stop;
}
