# tmcp 1.20.0, sessions: the server issued a session id; a later request without MCP-Session-Id (other than initialize).
source "$(dirname "$0")/../../lib.sh"
init
initialized
post '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"increment","arguments":{}}}' "MCP-Protocol-Version: $NEG"
