# hono-mcp, tasks (the SDK McpServer's tools, typescript-sdk/tools.ts): a quick slow_square task, then tasks/get: the answer should not be an SSE stream.
source "$(dirname "$0")/../../lib.sh"
init
initialized
quick_task
