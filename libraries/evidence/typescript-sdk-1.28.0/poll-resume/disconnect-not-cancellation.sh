# @modelcontextprotocol/sdk 1.28.0 (release history; the newest release passes), poll-resume: slow_countdown {n: 4}
# closes its POST stream after progress 3 (extra.closeSSEStream). The client waits the priming event's retry (500 ms)
# before resuming, as the SDK's own client does, so progress 4 and the result are produced while no stream is open and
# can only come from the event store. The resumption (GET with Last-Event-ID) should replay them; here it replays
# nothing and stays open until curl's bound.
source "$(dirname "$0")/../../lib.sh"
init
initialized
call '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow_countdown","arguments":{"n":4},"_meta":{"progressToken":"p1"}}}'
ID=$(last_event_id)
echo "=== waiting the retry the priming event asked for (500 ms) before resuming after $ID"
sleep 0.6
MAX_TIME=3 sse_get "Last-Event-ID: $ID"
