# Effect 4.1.5 (effect/ai McpServer.layerHttp), streaming: the SSE stream answering a countdown POST starts with the
# JSON-RPC message, not with a priming event (an event id and empty data).
source "$(dirname "$0")/../../lib.sh"
init
initialized
call '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"countdown","arguments":{"n":2},"_meta":{"progressToken":"p1"}}}'
