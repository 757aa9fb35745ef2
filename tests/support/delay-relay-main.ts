/**
 * The delaying relay as a process of its own (run inside a network namespace by the bridge tests): argv
 * LISTEN_HOST LISTEN_PORT TARGET_HOST TARGET_PORT DELAY_MS; prints ARENA_READY {"port":N}, runs until SIGTERM.
 */
import { startDelayRelay } from '../../scripts/bench/delay-relay.js';

const [host, port, targetHost, targetPort, delay] = process.argv.slice(2);
const relay = await startDelayRelay(host!, Number(port), targetHost!, Number(targetPort), Number(delay));
process.stdout.write(`ARENA_READY ${JSON.stringify({ port: relay.port })}\n`);
process.once('SIGTERM', () => void relay.close().finally(() => process.exit(0)));
