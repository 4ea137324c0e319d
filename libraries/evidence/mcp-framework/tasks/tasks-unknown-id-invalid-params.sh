# mcp-framework 0.2.22, tasks: tasks/get of a nonexistent taskId must get -32602 (Invalid params).
source "$(dirname "$0")/../../lib.sh"
init
initialized
call '{"jsonrpc":"2.0","id":2,"method":"tasks/get","params":{"taskId":"no-such-task"}}'
