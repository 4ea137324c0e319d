# @mastra/mcp 2.0.0 MCPClient, param-headers: the recording server lists get_secret_fast with x-mcp-header on a number parameter (an invalid definition, which a client MUST exclude); the client keeps it in listTools and calls it.
cd "$(dirname "$0")/../.." && node recorder.ts param-headers -- node ../mastra-mcp/client.ts param-headers
