# @ai-sdk/mcp 2.0.99 client, slow-server: the first get_secret is never answered; the glue aborts the tool call after
# 2 s. The client closes the connection and calls again, but never sends notifications/cancelled.
cd "$(dirname "$0")/.." && node recorder.ts slow-server -- node ../../ai-sdk-mcp/client.ts slow-server
