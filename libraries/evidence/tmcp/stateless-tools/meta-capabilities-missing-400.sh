# tmcp 1.20.0 (2026-07-28), stateless-tools: a tools/list whose _meta lacks io.modelcontextprotocol/clientCapabilities must get HTTP 400 with -32602.
source "$(dirname "$0")/../../lib.sh"
post '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"curl-evidence","version":"1.0.0"}}}}' 'MCP-Protocol-Version: 2026-07-28' 'Mcp-Method: tools/list'
