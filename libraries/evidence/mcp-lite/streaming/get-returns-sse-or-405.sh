# mcp-lite 0.10.0, streaming: GET with Accept text/event-stream and the negotiated MCP-Protocol-Version (the stream is cut after 2 s by curl), then with 2025-11-25 (what the prober sends).
source "$(dirname "$0")/../../lib.sh"
init
initialized
mapfile -t hs < <(session)
MAX_TIME=2 exchange GET '' 'Accept: text/event-stream' "${hs[@]}"
exchange GET '' 'Accept: text/event-stream' "Mcp-Session-Id: $SID" 'MCP-Protocol-Version: 2025-11-25'
