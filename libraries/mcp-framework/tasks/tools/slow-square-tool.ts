// The tasks prompt's `slow_square` tool as an mcp-framework MCPTool declaring `execution.taskSupport: "required"`;
// with `tasks.enabled` the framework runs task-augmented calls in the background and serves tasks/get, -result, -cancel.
import { setTimeout as sleep } from 'node:timers/promises';
import { MCPTool, type MCPInput } from 'mcp-framework';
import { z } from 'zod';

const schema = z.object({
  x: z.number().describe('The number to square'),
  delayMs: z.number().int().min(0).max(60000).describe('How long to wait, in ms'),
});

export default class SlowSquareTool extends MCPTool {
  name = 'slow_square';
  description = 'Square x after delayMs milliseconds; must be called as a task.';
  schema = schema;
  execution = { taskSupport: 'required' as const };

  async execute(input: MCPInput<this>) {
    await sleep(input.delayMs);
    // The prompt's crash case: the computation fails; the framework turns a thrown error into the task's failure.
    if (input.x === 13) throw new Error('slow_square crashed computing 13 * 13');
    return [{ type: 'text' as const, text: String(input.x * input.x) }];
  }
}
