import { z } from 'zod';
import { type InferSchema, type ToolMetadata } from 'xmcp';

export const schema = { text: z.string() };
export const metadata: ToolMetadata = { name: 'echo', description: 'Return the given text unchanged.' };

export default async function echo({ text }: InferSchema<typeof schema>) {
  return text;
}
