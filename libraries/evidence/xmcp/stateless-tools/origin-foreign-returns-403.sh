# xmcp 1.1.3 (2026-07-28, Express adapter), stateless-tools: a POST with a foreign Origin must get 403.
source "$(dirname "$0")/../../lib.sh"
M='"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"curl-evidence","version":"1.0.0"},"io.modelcontextprotocol/clientCapabilities":{}}'
post '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{'"$M"'}}' 'MCP-Protocol-Version: 2026-07-28' 'Mcp-Method: tools/list' 'Origin: http://evil.example'
