# @rekog/mcp-nest 2.0.5, streaming (statefulMode): with the standalone GET stream open, countdown's progress notifications (token p1,
# a request that is still running) arrive on the GET stream; the POST's own stream carries only the result.
source "$(dirname "$0")/../../lib.sh"
init
initialized
get_out=$(mktemp)
MAX_TIME=3 sse_get >"$get_out" &
sleep 0.5
call '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"countdown","arguments":{"n":3},"_meta":{"progressToken":"p1"}}}'
wait
echo "=== the standalone GET stream, open while tools/call id 2 ran:"
cat "$get_out"
rm -f "$get_out"
