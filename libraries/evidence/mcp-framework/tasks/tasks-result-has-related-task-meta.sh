# mcp-framework 0.2.22, tasks: tasks/result must carry _meta io.modelcontextprotocol/related-task; even after the task completed it answers no result.
source "$(dirname "$0")/../../lib.sh"
init
initialized
call '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow_square","arguments":{"x":7,"delayMs":0},"task":{"ttl":60000}}}'
TID=$(printf '%s\n' "$LAST" | grep -o '"taskId":"[^"]*"' | head -1 | cut -d'"' -f4)
sleep 0.5
call '{"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"'"$TID"'"}}'
call '{"jsonrpc":"2.0","id":4,"method":"tasks/result","params":{"taskId":"'"$TID"'"}}'
