# fastmcp 4.20.16, tools-basics: a POST carrying a foreign Origin is served (fastmcp's httpStream has no Origin check; its cors option only shapes response headers).
source "$(dirname "$0")/../../lib.sh"
post '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"curl-evidence","version":"1.0.0"}}}' 'Origin: http://evil.example'
