# mcp-framework 0.2.22 (responseMode "stream"), poll-resume: slow_countdown {n: 6} runs 1.8 s, longer than the second a connection may stay open; the server
# never closes the POST's stream early: the result arrives on the POST's own stream.
source "$(dirname "$0")/../../lib.sh"
init
initialized
call '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow_countdown","arguments":{"n":6},"_meta":{"progressToken":"p1"}}}'
