# @openai/agents 0.20.0 client (MCPServerStreamableHttp on SDK v2 @modelcontextprotocol/client 2.4.0), call-tool:
# the server object builds its Client with versionNegotiation { mode: 'auto' }, so its first request is the 2026-07-28
# server/discover probe; initialize follows only after the probe fails.
cd "$(dirname "$0")/.." && node ../ai-sdk-mcp/recorder.ts call-tool -- node ../../openai-agents/client.ts call-tool
