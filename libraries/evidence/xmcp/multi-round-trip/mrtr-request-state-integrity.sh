# xmcp 1.1.3 (2026-07-28, Express adapter), multi-round-trip: a requestState changed by the client must be rejected.
# Round 1 gets input_required with a requestState; round 2 echoes it with one character of its payload changed.
source "$(dirname "$0")/../../lib.sh"
M='"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"curl-evidence","version":"1.0.0"},"io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}}}'
H=('MCP-Protocol-Version: 2026-07-28' 'Mcp-Method: tools/call' 'Mcp-Name: confirm_transfer')
post '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"confirm_transfer","arguments":{"amount":250},'"$M"'}}' "${H[@]}"
STATE=$(printf '%s\n' "$LAST" | grep -o '"requestState":"[^"]*"' | head -1 | cut -d'"' -f4)
# Change the 12th character of the sealed state (inside its payload part).
C=${STATE:11:1}; [ "$C" = A ] && R=B || R=A
TAMPERED="${STATE:0:11}$R${STATE:12}"
echo "# requestState $STATE -> $TAMPERED"
post '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"confirm_transfer","arguments":{"amount":250},"inputResponses":{"confirm":{"action":"accept","content":{"confirm":true}}},"requestState":"'"$TAMPERED"'",'"$M"'}}' "${H[@]}"
