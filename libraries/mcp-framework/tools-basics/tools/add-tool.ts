// The tools-basics prompt's `add` tool as an mcp-framework MCPTool (README "Defining Tools"; the framework requires a
// description on every field).
import { MCPTool, type MCPInput } from 'mcp-framework';
import { z } from 'zod';

const schema = z.object({ a: z.number().describe('First number'), b: z.number().describe('Second number') });

export default class AddTool extends MCPTool {
  name = 'add';
  description = 'Add two numbers and return the sum as text.';
  schema = schema;

  async execute(input: MCPInput<this>) {
    return [{ type: 'text' as const, text: String(input.a + input.b) }]; // a content list is passed through; a bare value would be JSON-encoded
  }
}
