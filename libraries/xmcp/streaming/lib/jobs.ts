/** A countdown job of the streaming prompt: the ticks it counted and how it ended. xmcp builds a server per request;
 * the jobs live in this module, which the bundle loads once per process. */
export type Job = { state: 'running' | 'done' | 'cancelled'; ticks: number };
export const jobs = new Map<string, Job>();
