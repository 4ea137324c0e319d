# @ai-sdk/mcp 2.0.99 client, version-mismatch: the first initialize is answered with 2030-01-01; the client ends that
# session (DELETE), the glue creates a new client, whose first request is a session-less GET before its initialize.
cd "$(dirname "$0")/.." && node recorder.ts version-mismatch -- node ../../ai-sdk-mcp/client.ts version-mismatch
