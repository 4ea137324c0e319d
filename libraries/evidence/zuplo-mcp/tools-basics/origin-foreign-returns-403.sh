# @zuplo/mcp 0.0.32, tools-basics: a POST carrying a foreign Origin (HTTPStreamableTransport's isValidOrigin returns true
# for every origin, and no option sets a list).
source "$(dirname "$0")/../../lib.sh"
post '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"curl-evidence","version":"1.0.0"}}}' 'Origin: http://evil.example'
