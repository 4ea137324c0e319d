# @modelcontextprotocol/sdk 1.32.2 client, session-expiry: the session expires right after initialize (404 for its
# session id); the client must start a new session with an InitializeRequest without a session id.
cd "$(dirname "$0")/../.." && node recorder.ts session-expiry -- node ../typescript-sdk/client.ts session-expiry
