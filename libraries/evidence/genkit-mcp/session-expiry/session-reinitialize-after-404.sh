# @genkit-ai/mcp 1.42.0 client (SDK 1.32.2 StreamableHTTPClientTransport), session-expiry: the session expires right
# after initialize (404 for its session id); the client must start a new session with a new InitializeRequest.
cd "$(dirname "$0")/../.." && node recorder.ts session-expiry -- node ../genkit-mcp/client.ts session-expiry
