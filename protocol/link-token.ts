/** Access tokens of a link, compared in constant time over equal-length digests (no length or prefix leaks). */
import { createHash, timingSafeEqual } from 'node:crypto';

/** True when `presented` is `expected`; the time it takes does not depend on where they differ. */
export function sameToken(presented: string | undefined, expected: string): boolean {
  const a = createHash('sha256').update(presented ?? '').digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && presented !== undefined;
}
