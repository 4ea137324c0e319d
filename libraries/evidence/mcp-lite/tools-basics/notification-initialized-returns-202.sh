# mcp-lite 0.10.0, tools-basics: notifications/initialized with the negotiated MCP-Protocol-Version, and with 2025-11-25 (what the prober sends).
source "$(dirname "$0")/../../lib.sh"
init
initialized
post '{"jsonrpc":"2.0","method":"notifications/initialized"}' "Mcp-Session-Id: $SID" 'MCP-Protocol-Version: 2025-11-25'
