/**
 * The one stop-signal path of every plan's process (a command, the service's plan process): SIGINT, SIGTERM and
 * SIGHUP each abort the plan's signal once, so work in flight ends as aborted, records are closed and agents told.
 */

/** Signals that end a plan: Ctrl-C, `kill`, and a closed terminal. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Aborts `controller` on the first stop signal (its reason names the signal; `note` gets a line saying so) and
 * keeps the process alive for the clean-up; returns a function that removes the handlers.
 */
export function abortOnStopSignals(controller: AbortController, note: (text: string) => void = (t) => void process.stderr.write(t)): () => void {
  const handlers = STOP_SIGNALS.map((signal) => {
    const handler = (): void => {
      if (!controller.signal.aborted) note(`${signal}: stopping, closing the record\n`);
      controller.abort(new Error(`stopped by ${signal}`));
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}
