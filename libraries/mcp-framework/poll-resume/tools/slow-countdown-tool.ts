// The poll-resume prompt's `slow_countdown` tool as an mcp-framework MCPTool. mcp-framework 0.2.22 has no way to close
// a call's stream early, set retry advice or resume a stream (its http-stream transport gets no event store), so the
// tool is written plainly: progress after each step through `reportProgress`, the stream open until the result.
import { MCPTool, type MCPInput } from 'mcp-framework';
import { z } from 'zod';

const schema = z.object({ n: z.number().int().min(1).max(10).describe('Where the countdown starts') });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default class SlowCountdownTool extends MCPTool {
  name = 'slow_countdown';
  description = 'Count down from n, one step every 300 ms, reporting progress, then return "liftoff".';
  schema = schema;

  async execute(input: MCPInput<this>) {
    for (let i = 1; i <= input.n; i++) {
      await sleep(300);
      await this.reportProgress(i, input.n);
    }
    return [{ type: 'text' as const, text: 'liftoff' }];
  }
}
