# mcp-lite, tools-basics: initialize asking for 2025-11-25 (the sentence binds only if the server supports that version), then tools/list with the negotiated version in MCP-Protocol-Version.
source "$(dirname "$0")/../../lib.sh"
init 2025-11-25
initialized
call '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
call '{"jsonrpc":"2.0","id":"three","method":"tools/call","params":{"name":"add","arguments":{"a":19,"b":23}}}'
