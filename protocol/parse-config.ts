/** Validates a configuration read from outside (a file, flags, an API body) against its zod schema. */
import type { z } from 'zod';
import { ArenaError, ErrorCode } from './errors.js';

/** The parsed value; BAD_CONFIG naming `where` and each bad field otherwise. */
export function parseConfig<T>(raw: unknown, schema: z.ZodType<T>, where: string): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new ArenaError(ErrorCode.BAD_CONFIG, `${where}: ${issues}`);
  }
  return parsed.data;
}
