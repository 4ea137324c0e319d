# hono-mcp, tasks (the SDK McpServer's tools, typescript-sdk/tools.ts): a quick task (TID) and a long one; tasks/get names the quick task in params.taskId while its
# related-task _meta names the long one: the answer must be the quick task's status, on this request's stream.
source "$(dirname "$0")/../../lib.sh"
init
initialized
quick_task
QUICK=$TID
call '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"slow_square","arguments":{"x":5,"delayMs":4000},"task":{"ttl":60000}}}'
LONG=$(printf '%s\n' "$LAST" | grep -o '"taskId":"[^"]*"' | head -1 | cut -d'"' -f4)
MAX_TIME=2 call '{"jsonrpc":"2.0","id":5,"method":"tasks/get","params":{"taskId":"'"$QUICK"'","_meta":{"io.modelcontextprotocol/related-task":{"taskId":"'"$LONG"'"}}}}'
