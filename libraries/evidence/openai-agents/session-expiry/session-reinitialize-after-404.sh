# @openai/agents 0.20.0 client (MCPServerStreamableHttp on SDK v2 @modelcontextprotocol/client 2.4.0), session-expiry:
# the session expires right after initialize (404 for its session id); the client must start a new session with a new
# InitializeRequest.
cd "$(dirname "$0")/../.." && node recorder.ts session-expiry -- node ../openai-agents/client.ts session-expiry
