# @zuplo/mcp 0.0.32, tools-basics: after a normal initialize (the transport's default is stateless: no session id), a
# request whose MCP-Protocol-Version names an unsupported version (1900-01-01).
source "$(dirname "$0")/../../lib.sh"
init
initialized
post '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' 'MCP-Protocol-Version: 1900-01-01'
