# Effect 4.1.5 (effect/ai McpServer.layerHttp), tools-basics: on a live session, a notification-shaped POST that is not
# JSON-RPC 2.0 ("jsonrpc": "1.0"); a notification the server cannot accept is to be refused with an HTTP error status.
source "$(dirname "$0")/../../lib.sh"
init
initialized
call '{"jsonrpc":"1.0","method":"notifications/mcpfs-unknown"}'
