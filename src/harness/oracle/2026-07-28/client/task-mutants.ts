import type { MutantInfo } from '../../../roles/types.ts';

const TASK_POLL = 'task-poll';

/**
 * Mutant switches of the 2026-07-28 oracle client's tasks-extension side (tasks.ts and the two task hooks in
 * client.ts), kept apart from mutants.ts so the two lists grow independently; the role driver and main.ts offer both.
 */
export const TASK_MUTANTS: readonly MutantInfo[] = [
  {
    id: 'task-result-unhandled',
    description: 'treats a CreateTaskResult to tools/call as an invalid response and gives up',
    scenarios: [TASK_POLL],
  },
  { id: 'fast-poll', description: 'polls the task every 20 ms, ignoring pollIntervalMs', scenarios: [TASK_POLL] },
  {
    id: 'first-interval-only',
    description: 'keeps polling at the CreateTaskResult’s pollIntervalMs after the server raised it',
    scenarios: [TASK_POLL],
  },
  {
    id: 'stop-polling-early',
    description: 'stops polling after one poll while the task is still working, goes quiet, then gives up',
    scenarios: [TASK_POLL],
  },
  {
    id: 'no-task-name-header',
    description: 'sends tasks/get without the Mcp-Name header',
    scenarios: [TASK_POLL],
  },
];
