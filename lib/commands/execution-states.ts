/** The states the command history can be filtered by (`state` in its query). Plain data: the browser lists them. */
export const EXECUTION_STATE_FILTERS = ['pending', 'executed', 'failed', 'rejected', 'unknown'] as const;
