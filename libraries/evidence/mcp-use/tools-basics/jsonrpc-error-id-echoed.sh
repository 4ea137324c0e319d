# mcp-use 2.5.2 (2025-11-25, its default stateless legacy fallback), tools-basics: after a normal initialize, a
# well-formed tools/list (id 2) whose MCP-Protocol-Version names an unsupported version (1900-01-01): its id is
# readable, so the error must carry it.
source "$(dirname "$0")/../../lib.sh"
init
initialized
post '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' 'MCP-Protocol-Version: 1900-01-01'
