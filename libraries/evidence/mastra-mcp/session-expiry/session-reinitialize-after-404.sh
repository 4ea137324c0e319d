# @mastra/mcp 2.0.0 MCPClient (protocolVersion 'legacy'), session-expiry: the session expires right after initialize (404 for its session id); the client must start a new session with an InitializeRequest without a session id.
cd "$(dirname "$0")/../.." && node recorder.ts session-expiry -- node ../mastra-mcp/client-2025.ts session-expiry
