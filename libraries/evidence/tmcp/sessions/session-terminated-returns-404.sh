# tmcp, sessions: DELETE ends the session; a later request with that session id must get 404 Not Found.
source "$(dirname "$0")/../../lib.sh"
init
initialized
call '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"increment","arguments":{}}}'
mapfile -t hs < <(session)
exchange DELETE '' "${hs[@]}"
call '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"increment","arguments":{}}}'
