# hono-mcp, tasks (the SDK McpServer's tools, typescript-sdk/tools.ts): add declares no execution.taskSupport; called as a task it should get JSON-RPC error -32601.
source "$(dirname "$0")/../../lib.sh"
init
initialized
call '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}'
call '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3},"task":{"ttl":60000}}}'
