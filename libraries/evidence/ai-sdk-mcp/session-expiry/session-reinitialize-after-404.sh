# @ai-sdk/mcp 2.0.99 client, session-expiry: the session expires right after initialize (404 with a JSON-RPC error body
# for its session id); the client must start a new session with an InitializeRequest without a session id.
cd "$(dirname "$0")/../.." && node recorder.ts session-expiry -- node ../ai-sdk-mcp/client.ts session-expiry
