// A TCP forwarder that holds every chunk for DELAY_MS in each direction, in order: the 20 ms link of the
// bridge tests where the kernel has no netem qdisc. Usage: delay-relay.mjs LISTEN_HOST LISTEN_PORT TARGET_HOST
// TARGET_PORT DELAY_MS; prints ARENA_READY {"port":N} and runs until stdin closes.
import { createServer, connect } from 'node:net';

const [host, port, targetHost, targetPort, delay] = process.argv.slice(2);
const delayMs = Number(delay);

function pipeDelayed(from, to) {
  from.on('data', (chunk) => setTimeout(() => to.writable && to.write(chunk), delayMs));
  from.on('end', () => setTimeout(() => to.end(), delayMs));
  from.on('error', () => to.destroy());
  from.on('close', () => setTimeout(() => to.destroy(), delayMs));
}

const server = createServer((client) => {
  const upstream = connect(Number(targetPort), targetHost);
  pipeDelayed(client, upstream);
  pipeDelayed(upstream, client);
});
server.listen(Number(port), host, () => process.stdout.write(`ARENA_READY ${JSON.stringify({ port: server.address().port })}\n`));
process.stdin.on('end', () => process.exit(0));
process.stdin.on('close', () => process.exit(0));
process.stdin.resume();
