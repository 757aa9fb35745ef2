/** What the service and its plan process say to each other over the process's IPC channel. */

/** The service's one message to a plan process: which plan, its configuration, its folder and the command to record. */
export interface PlanRequest {
  readonly plan: string;
  readonly config: unknown;
  readonly out: string;
  readonly command: readonly string[];
}

/** The plan process's last message: the plan's exit status (0 done, 1 a failed outcome), or the error that ended it. */
export interface PlanDone {
  readonly type: 'done';
  readonly exit: number;
  readonly error?: { readonly code: string; readonly message: string };
}
