# @mastra/mcp 2.0.0 MCPServer, param-headers: route_query {region: "café"} whose Mcp-Param-Region header carries é as the raw byte 0xE9 (Latin-1, not Base64-encoded); a value with characters outside visible ASCII is invalid (Value Encoding), so the request must be rejected, not served.
source "$(dirname "$0")/../../lib.sh"
REGION=$(printf 'caf\xe9')
# The transcript is read as UTF-8, where the lone byte 0xE9 shows as U+FFFD: its bytes, as sent, in hex.
echo "=== the Mcp-Param-Region value's bytes: $(printf '%s' "$REGION" | od -An -tx1 | xargs)"
post '{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"route_query","arguments":{"region":"café","priority":12,"query":"SELECT 12"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"curl-evidence","version":"1.0.0"},"io.modelcontextprotocol/clientCapabilities":{}}}}' 'MCP-Protocol-Version: 2026-07-28' 'Mcp-Method: tools/call' 'Mcp-Name: route_query' "Mcp-Param-Region: $REGION" 'Mcp-Param-Priority: 12'
