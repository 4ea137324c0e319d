# @rekog/mcp-nest 2.0.5, streaming (statefulMode): countdown with a progressToken: its notifications/progress never appear on the POST's SSE stream (the tool calls ctx.reportProgress n times).
source "$(dirname "$0")/../../lib.sh"
init
initialized
call '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"countdown","arguments":{"n":3},"_meta":{"progressToken":"p1"}}}'
