# tmcp 1.20.0 (2026-07-28), multi-round-trip: confirm_transfer from a client whose clientCapabilities lack elicitation; the -32021 error must come with HTTP 400.
source "$(dirname "$0")/../../lib.sh"
post '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"confirm_transfer","arguments":{"amount":250},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"curl-evidence","version":"1.0.0"},"io.modelcontextprotocol/clientCapabilities":{}}}}' 'MCP-Protocol-Version: 2026-07-28' 'Mcp-Method: tools/call' 'Mcp-Name: confirm_transfer'
