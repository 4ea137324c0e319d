# mcp-use 2.5.2 (2025-11-25, its default stateless legacy fallback), streaming: the SSE stream answering a POST starts with the JSON-RPC message, not with a priming event.
source "$(dirname "$0")/../../lib.sh"
init
initialized
call '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"countdown","arguments":{"n":2},"_meta":{"progressToken":"p1"}}}'
