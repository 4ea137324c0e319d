# mcp-use 2.5.2 (2025-11-25, its default stateless legacy fallback), cancellation: long_countdown {n: 5} (1.5 s) is
# cancelled 600 ms after it was sent (notifications/cancelled); the call's POST is still answered with its result.
source "$(dirname "$0")/../../lib.sh"
init
initialized
out=$(mktemp)
call '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"long_countdown","arguments":{"n":5}}}' >"$out" &
sleep 0.6
echo "=== sent 600 ms after the long_countdown POST below (request id 2), while it runs:"
call '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"curl-evidence cancels"}}'
wait
echo "=== the long_countdown POST (id 2), sent before the cancellation above:"
cat "$out"
rm -f "$out"
