import type { MutantId } from './mutants.ts';

type Tool = { name: string; description: string; inputSchema: Record<string, unknown> };

/**
 * Extra route_query parameters the annotation mutants list, each breaking x-mcp-header constraints
 * (streamable-http.mdx "Schema Extension", tools.mdx "x-mcp-header"). None is required, and the oracle reads no header
 * for them, so only the listed definition changes.
 */
const EXTRA: Partial<Record<MutantId, Record<string, unknown>>> = {
  'annotation-bad-names': {
    label: { type: 'string', 'x-mcp-header': '' },
    zone: { type: 'string', 'x-mcp-header': 'Re\u0001gion' },
    rank: { type: 'integer', 'x-mcp-header': 'PRIORITY' },
  },
  'annotation-non-primitive': { tags: { type: 'array', items: { type: 'string' }, 'x-mcp-header': 'Tags' } },
  'annotation-unreachable': {
    filters: {
      type: 'array',
      items: { type: 'object', properties: { key: { type: 'string', 'x-mcp-header': 'Filter-Key' } } },
    },
  },
};

/** The tool as listed: route_query gains the mutant's badly annotated parameters; every other tool is unchanged. */
export function listedTool(tool: Tool, mutant: MutantId | undefined): Tool {
  const extra = mutant === undefined ? undefined : EXTRA[mutant];
  if (tool.name !== 'route_query' || !extra) return tool;
  const props = tool.inputSchema.properties as Record<string, unknown>;
  return { ...tool, inputSchema: { ...tool.inputSchema, properties: { ...props, ...extra } } };
}
