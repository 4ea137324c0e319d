# mcp-framework 0.2.22, tasks: tasks/result must carry _meta io.modelcontextprotocol/related-task; even after the task completed it answers no result.
source "$(dirname "$0")/../../lib.sh"
init
initialized
quick_task
call '{"jsonrpc":"2.0","id":4,"method":"tasks/result","params":{"taskId":"'"$TID"'"}}'
