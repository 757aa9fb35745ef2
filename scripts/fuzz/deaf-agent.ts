/**
 * A remote agent that answers but never reads: after its hello it stops reading its socket and keeps sending
 * an action for the step it is told is next (by whoever watches the match), as a stuck or hostile client would.
 */
import { encode } from '@msgpack/msgpack';
import { AGENT_LINK_VERSION } from '../../protocol/index.js';
import { frame, rawWs, type RawWs } from './raw-ws.js';

/** A no-op action chunk answer. */
const IDLE_ANSWER = '{"look":[0,0],"steps":[[],[],[]]}';

/** The running deaf agent: tell it the next step as decisions are made; stop it at the end. */
export interface DeafAgent {
  readonly peer: RawWs;
  /** The step it answers from now on. */
  next: number;
  stop(): void;
}

/** Joins the slot of `token` at `port` (AgentLink's `/agent`) and answers blind every `everyMs`. */
export async function deafAgent(port: number, token: string, everyMs = 20): Promise<DeafAgent> {
  const peer = await rawWs(port, '/agent');
  // It never reads a byte from here on: the kernel's buffers fill, then the gateway's would.
  peer.socket.pause();
  const send = (m: object): void => peer.write(frame({ opcode: 0x2, payload: encode(m) }));
  send({ type: 'hello', version: AGENT_LINK_VERSION, token, agent: 'deaf' });
  const agent: DeafAgent = {
    peer,
    next: 0,
    stop: () => {
      clearInterval(timer);
      peer.destroy();
    },
  };
  const timer = setInterval(() => send({ type: 'action', step: agent.next, answer: IDLE_ANSWER }), everyMs);
  return agent;
}
