/** The signals that stop a command cleanly: each aborts its work once, so records are closed and agents told. */

/** Signals that end a match as `aborted`: Ctrl-C, `kill`, and a closed terminal. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Aborts `controller` on the first stop signal (its reason names the signal) and keeps the process alive for
 * the clean-up; returns a function that removes the handlers.
 */
export function abortOnStopSignals(controller: AbortController): () => void {
  const handlers = STOP_SIGNALS.map((signal) => {
    const handler = (): void => {
      if (!controller.signal.aborted) process.stderr.write(`${signal}: stopping, closing the record\n`);
      controller.abort(new Error(`stopped by ${signal}`));
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}
