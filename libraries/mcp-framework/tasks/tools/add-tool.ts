// The tasks prompt's ordinary `add` tool as an mcp-framework MCPTool: no `execution` field, so it never runs as a task.
// (The file is not named `add.ts`: the loader's `.*.d.ts` exclusion would drop it.)
import { MCPTool, type MCPInput } from 'mcp-framework';
import { z } from 'zod';

const schema = z.object({ a: z.number().describe('The first addend'), b: z.number().describe('The second addend') });

export default class AddTool extends MCPTool {
  name = 'add';
  description = 'Add two numbers and return the sum as text; never runs as a task.';
  schema = schema;

  async execute(input: MCPInput<this>) {
    return [{ type: 'text' as const, text: String(input.a + input.b) }];
  }
}
