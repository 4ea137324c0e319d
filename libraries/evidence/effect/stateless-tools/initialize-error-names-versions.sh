# Effect 4.1.5 (2026-07-28, protocols [v2026_07_28] only), stateless-tools: a 2025-era initialize (no MCP-Protocol-Version
# header, as a legacy client sends it) should get an error that names the supported version 2026-07-28.
source "$(dirname "$0")/../../lib.sh"
post '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"curl-evidence","version":"1.0.0"}}}'
