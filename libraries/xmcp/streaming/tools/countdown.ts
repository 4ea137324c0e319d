import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { type InferSchema, type ToolExtraArguments, type ToolMetadata } from 'xmcp';
import { jobs, type Job } from '../lib/jobs';

export const schema = { jobId: z.string(), n: z.number().int().min(1).max(100) };
export const metadata: ToolMetadata = {
  name: 'countdown',
  description: 'Count n ticks of 100 ms, with a progress notification per tick when asked, then return "liftoff".',
};

export default async function countdown({ jobId, n }: InferSchema<typeof schema>, extra: ToolExtraArguments) {
  const job: Job = { state: 'running', ticks: 0 };
  jobs.set(jobId, job);
  const token = extra._meta?.progressToken;
  for (let i = 1; i <= n; i++) {
    await sleep(100);
    // `extra.signal` aborts when the request is cancelled (ToolExtraArguments); a newer job with this id replaces it.
    if (extra.signal.aborted || jobs.get(jobId) !== job) {
      job.state = 'cancelled';
      throw new Error('countdown cancelled');
    }
    job.ticks = i;
    // `extra.sendNotification` "sends a notification that relates to the current request".
    if (token !== undefined)
      await extra.sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, progress: i, total: n },
      });
  }
  job.state = 'done';
  return 'liftoff';
}
