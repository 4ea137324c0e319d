# hono-mcp, tasks (the SDK McpServer's tools, typescript-sdk/tools.ts): slow_square x = 13 (the crash case) as a task; tasks/get once it ended, then tasks/result:
# a failed task's tasks/result must be a JSON-RPC error, and its status should carry a statusMessage.
source "$(dirname "$0")/../../lib.sh"
init
initialized
call '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow_square","arguments":{"x":13,"delayMs":0},"task":{"ttl":60000}}}'
TID=$(printf '%s\n' "$LAST" | grep -o '"taskId":"[^"]*"' | head -1 | cut -d'"' -f4)
sleep 0.5
call '{"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"'"$TID"'"}}'
call '{"jsonrpc":"2.0","id":4,"method":"tasks/result","params":{"taskId":"'"$TID"'"}}'
