# @modelcontextprotocol/sdk 1.32.2, poll-resume: slow_countdown {n: 9} closes its stream every 900 ms
# (extra.closeSSEStream). The POST's stream opens with a priming event carrying retry; the resumption (GET with
# Last-Event-ID) is closed early too, after progress 6, with no event carrying a retry field; the next resumption
# brings the rest and the result.
source "$(dirname "$0")/../../lib.sh"
init
initialized
call '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow_countdown","arguments":{"n":9},"_meta":{"progressToken":"p1"}}}'
sse_get "Last-Event-ID: $(last_event_id)"
sse_get "Last-Event-ID: $(last_event_id)"
