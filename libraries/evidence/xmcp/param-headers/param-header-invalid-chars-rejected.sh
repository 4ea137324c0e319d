# xmcp 1.1.3 (2026-07-28, Express adapter), param-headers: an Mcp-Param-Region header carrying a raw non-ASCII byte
# (0xE9, "café" in Latin-1; header values must be ASCII unless Base64-encoded) must be rejected.
source "$(dirname "$0")/../../lib.sh"
M='"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"curl-evidence","version":"1.0.0"},"io.modelcontextprotocol/clientCapabilities":{}}'
post '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"route_query","arguments":{"region":"café","priority":12,"query":"SELECT 12"},'"$M"'}}' \
  'MCP-Protocol-Version: 2026-07-28' 'Mcp-Method: tools/call' 'Mcp-Name: route_query' $'Mcp-Param-Region: caf\xe9' 'Mcp-Param-Priority: 12'
