import { z } from 'zod';
import { type InferSchema, type ToolMetadata } from 'xmcp';
import { jobs } from '../lib/jobs';

export const schema = { jobId: z.string() };
export const metadata: ToolMetadata = {
  name: 'job_status',
  description: 'Report a countdown job: running, done or cancelled, with the ticks counted.',
};

export default async function jobStatus({ jobId }: InferSchema<typeof schema>) {
  const job = jobs.get(jobId);
  if (!job) return { content: [{ type: 'text' as const, text: `no job ${jobId}` }], isError: true };
  return `${job.state} ${job.ticks}`;
}
