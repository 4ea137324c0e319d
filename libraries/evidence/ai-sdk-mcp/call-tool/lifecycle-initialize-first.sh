# @ai-sdk/mcp 2.0.99 client, call-tool: HttpMCPTransport.setProtocolVersion opens its inbound GET SSE stream as soon as
# the client sets the 2025-11-25 version, before the initialize POST: a GET with no session id precedes initialize.
cd "$(dirname "$0")/.." && node recorder.ts call-tool -- node ../../ai-sdk-mcp/client.ts call-tool
