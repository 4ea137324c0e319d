// The streaming prompt's `countdown` tool as an mcp-framework MCPTool: `reportProgress` sends notifications/progress
// only when the call carried a progressToken (BaseTool docs).
import { MCPTool, type MCPInput } from 'mcp-framework';
import { z } from 'zod';

const schema = z.object({ n: z.number().int().min(1).max(10).describe('How many progress notifications to send') });

export default class CountdownTool extends MCPTool {
  name = 'countdown';
  description = 'Stream n progress notifications, then return "liftoff".';
  schema = schema;

  async execute(input: MCPInput<this>) {
    for (let i = 1; i <= input.n; i++) await this.reportProgress(i, input.n);
    return [{ type: 'text' as const, text: 'liftoff' }];
  }
}
