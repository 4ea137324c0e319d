# @hono/mcp 0.3.2 (fixed in 0.3.5: an unsupported version gets 400 there), tools-basics: after a normal initialize, a request whose MCP-Protocol-Version names an unsupported
# version (1900-01-01), on the session.
source "$(dirname "$0")/../../lib.sh"
init
initialized
post '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' "Mcp-Session-Id: $SID" 'MCP-Protocol-Version: 1900-01-01'
