/**
 * A TCP forwarder that holds every chunk for `delayMs` in each direction, in order: a link with a fixed
 * latency for the bridge benchmark (and the bridge tests, where the kernel has no netem qdisc).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A running relay. */
export interface DelayRelay {
  readonly port: number;
  /** Cuts every connection at once (a dropped link); new ones still get through. */
  cut(): void;
  /** Cuts every connection and stops listening. */
  close(): Promise<void>;
}

function pipeDelayed(from: Socket, to: Socket, delayMs: number): void {
  from.on('data', (chunk) => setTimeout(() => to.writable && to.write(chunk), delayMs));
  from.on('end', () => setTimeout(() => to.end(), delayMs));
  from.on('error', () => to.destroy());
  to.on('error', () => undefined);
  from.on('close', () => setTimeout(() => to.destroy(), delayMs));
}

/** Listens on host:port (0 = any free) and forwards every connection to target with `delayMs` each way. */
export async function startDelayRelay(host: string, port: number, targetHost: string, targetPort: number, delayMs: number): Promise<DelayRelay> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    client.setNoDelay(true);
    const upstream = connect(targetPort, targetHost);
    upstream.setNoDelay(true);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
    }
    pipeDelayed(client, upstream, delayMs);
    pipeDelayed(upstream, client, delayMs);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    cut: () => sockets.forEach((s) => s.destroy()),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
