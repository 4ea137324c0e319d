import type { MutantInfo } from '../../../roles/types.ts';

const TASK_CALL = 'task-call';

/**
 * Mutant switches of the 2025-11-25 oracle client's task requestor (tasks.ts), kept apart from mutants.ts so the two
 * lists grow independently; the role driver and main.ts offer both.
 */
export const TASK_MUTANTS: readonly MutantInfo[] = [
  {
    id: 'task-everywhere',
    description: 'calls get_secret as a task although the server declared no tasks capability',
    scenarios: ['call-tool'],
  },
  {
    id: 'required-tool-direct',
    description: 'first calls the task-only tool as a plain request, then as a task',
    scenarios: [TASK_CALL],
  },
  {
    id: 'forbidden-tool-as-task',
    description: 'first calls submit_answer (no taskSupport) as a task, then normally',
    scenarios: [TASK_CALL],
  },
  { id: 'fast-poll', description: 'polls the task every 20 ms, ignoring pollInterval', scenarios: [TASK_CALL] },
  {
    id: 'fast-first-poll',
    description: 'polls once right after the task was created, then at pollInterval',
    scenarios: [TASK_CALL],
  },
  {
    id: 'stop-polling-early',
    description: 'stops polling after one poll, goes quiet, then fetches the result',
    scenarios: [TASK_CALL],
  },
  {
    id: 'await-status-notification',
    description: 'never polls: waits for a task status notification, then gives up',
    scenarios: [TASK_CALL],
  },
  { id: 'no-ttl', description: 'asks for no task retention (ttl)', scenarios: [TASK_CALL] },
  {
    id: 'related-task-meta',
    description: 'puts related-task metadata into its task polling and result requests',
    scenarios: [TASK_CALL],
  },
];
