// The tools-basics prompt's `echo` tool as an mcp-framework MCPTool.
import { MCPTool, type MCPInput } from 'mcp-framework';
import { z } from 'zod';

const schema = z.object({ text: z.string().describe('The text to return') });

export default class EchoTool extends MCPTool {
  name = 'echo';
  description = 'Return the given text unchanged.';
  schema = schema;

  async execute(input: MCPInput<this>) {
    return [{ type: 'text' as const, text: input.text }];
  }
}
