# @hono/mcp 0.3.5, streaming: the SSE stream answering a POST starts with the JSON-RPC message, not with a priming event (an id and empty data).
source "$(dirname "$0")/../../lib.sh"
init
initialized
call '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"countdown","arguments":{"n":2},"_meta":{"progressToken":"p1"}}}'
