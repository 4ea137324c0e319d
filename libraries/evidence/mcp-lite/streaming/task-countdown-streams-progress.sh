# mcp-lite 0.10.0, streaming: countdown with a progressToken and the negotiated MCP-Protocol-Version.
source "$(dirname "$0")/../../lib.sh"
init
initialized
call '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"countdown","arguments":{"n":3},"_meta":{"progressToken":"p1"}}}'
