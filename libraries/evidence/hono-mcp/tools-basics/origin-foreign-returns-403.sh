# @hono/mcp 0.3.5, tools-basics: a POST carrying a foreign Origin is served (the glue sets no origin options; see CONTEXT.md).
source "$(dirname "$0")/../../lib.sh"
post '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"curl-evidence","version":"1.0.0"}}}' 'Origin: http://evil.example'
