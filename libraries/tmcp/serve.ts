// Serve a tmcp McpServer through @tmcp/transport-http's HttpTransport on node:http, via @remix-run/node-fetch-server,
// exactly as the transport's README shows ("Basic Setup"). Shared by this folder's 2025-11-25 and 2026-07-28 glue.
import * as http from 'node:http';
import { createRequestListener } from '@remix-run/node-fetch-server';
import { HttpTransport } from '@tmcp/transport-http';
import type { McpServer } from 'tmcp';

// The prompts ask for 403 on a foreign Origin: `allowedOrigins` (README: "[] to reject every cross-origin request").
// tmcp's server type is generic over its schema adapter and context; any adapter is fine here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function serve(server: McpServer<any, any>, scenario: string): void {
  const port = Number(process.env.PORT);
  const transport = new HttpTransport(server, { path: '/mcp', allowedOrigins: [] });
  http
    .createServer(
      createRequestListener(async (request) => {
        const response = await transport.respond(request);
        return response ?? new Response(null, { status: 404 });
      }),
    )
    .listen(port, '127.0.0.1', () =>
      console.error(`MCP server (${scenario}) listening on http://127.0.0.1:${port}/mcp`),
    );
}
