# mcp-framework 0.2.22, tasks: tasks/result of a working task must block until the task is terminal; it answers an error at once.
source "$(dirname "$0")/../../lib.sh"
init
initialized
call '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow_square","arguments":{"x":7,"delayMs":1500},"task":{"ttl":60000}}}'
TID=$(printf '%s\n' "$LAST" | grep -o '"taskId":"[^"]*"' | head -1 | cut -d'"' -f4)
call '{"jsonrpc":"2.0","id":3,"method":"tasks/result","params":{"taskId":"'"$TID"'"}}'
