# mcp-framework 0.2.22, tasks: tasks/cancel of a completed task must be rejected with -32602; it is rejected with -32603.
source "$(dirname "$0")/../../lib.sh"
init
initialized
quick_task
call '{"jsonrpc":"2.0","id":4,"method":"tasks/cancel","params":{"taskId":"'"$TID"'"}}'
