import { z } from 'zod';
import { type InferSchema, type ToolMetadata } from 'xmcp';

export const schema = { a: z.number(), b: z.number() };
export const metadata: ToolMetadata = { name: 'add', description: 'Add two numbers and return the sum as text.' };

// A string return is the tool result's one text item (docs: Tools, the return-value shortcut).
export default async function add({ a, b }: InferSchema<typeof schema>) {
  return String(a + b);
}
