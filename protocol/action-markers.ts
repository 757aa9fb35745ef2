/** The markers around a model's action in its answer: a chunk, or a turn-based game's move. */
export const ACTION_START = '<|action_start|>';
export const ACTION_END = '<|action_end|>';
