# tmcp 1.20.0, tools-basics: after initialize, a request on the session whose MCP-Protocol-Version names an unsupported version (1900-01-01).
source "$(dirname "$0")/../../lib.sh"
init
initialized
post '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' "Mcp-Session-Id: $SID" 'MCP-Protocol-Version: 1900-01-01'
