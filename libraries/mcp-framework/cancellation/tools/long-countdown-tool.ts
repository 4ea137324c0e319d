// The cancellation prompt's `long_countdown` tool as an mcp-framework MCPTool: `this.abortSignal` is the call's
// cancellation signal (BaseTool docs: "Tools can check this signal to detect cancellation"). Read once at the start:
// one tool instance serves every call, and the framework resets the field when a call ends.
import { MCPTool, type MCPInput } from 'mcp-framework';
import { z } from 'zod';

const schema = z.object({ n: z.number().int().min(1).max(10).describe('Where the countdown starts') });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default class LongCountdownTool extends MCPTool {
  name = 'long_countdown';
  description = 'Count down from n, one step every 300 ms, then return "liftoff"; the client may call it off.';
  schema = schema;

  async execute(input: MCPInput<this>) {
    const signal = this.abortSignal;
    for (let i = input.n; i > 0; i--) {
      await sleep(300);
      if (signal?.aborted) throw new Error('long_countdown: cancelled');
    }
    return [{ type: 'text' as const, text: 'liftoff' }];
  }
}
