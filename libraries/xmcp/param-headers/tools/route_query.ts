import { z } from 'zod';
import { type InferSchema, type ToolMetadata } from 'xmcp';

// The prompt's x-mcp-header annotations as JSON Schema metadata (zod's .meta(), copied into the listed schema).
export const schema = {
  region: z
    .string()
    .optional()
    .meta({ description: 'Region to run in; absent means the global region.', 'x-mcp-header': 'Region' }),
  priority: z.number().int().meta({ description: 'Priority, an integer.', 'x-mcp-header': 'Priority' }),
  query: z.string().meta({ description: 'The query text.' }),
};
export const metadata: ToolMetadata = { name: 'route_query', description: 'Route a query to a region.' };

export default async function routeQuery({ region, priority, query }: InferSchema<typeof schema>) {
  return `${region ?? 'global'}|${priority}|${query}`;
}
