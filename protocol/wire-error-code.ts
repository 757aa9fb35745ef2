/** The `code` field of a wire `error` message (GameLink and AgentLink). */
import { z } from 'zod';
import { ErrorCode } from './errors.js';

/** The `code` field of a wire `error` message: one of {@link ErrorCode}, anything else is a bad message. */
export const WireErrorCode = z.enum(ErrorCode);
