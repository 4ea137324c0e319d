# @ai-sdk/mcp 2.0.99 client, sse-resume: get_secret is answered with an SSE stream carrying a priming event (id e1),
# then closed before the result; the result is offered on GET with Last-Event-ID e1. The client never resumes.
cd "$(dirname "$0")/.." && node recorder.ts sse-resume -- node ../../ai-sdk-mcp/client.ts sse-resume
