# @hono/mcp 0.3.5, tools-basics: after a normal initialize, a well-formed tools/list (id 2) on the session
# whose MCP-Protocol-Version names an unsupported version (1900-01-01): its id is readable, so the error must carry it.
source "$(dirname "$0")/../../lib.sh"
init
initialized
post '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' "Mcp-Session-Id: $SID" 'MCP-Protocol-Version: 1900-01-01'
