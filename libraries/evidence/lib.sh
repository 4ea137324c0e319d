# Helpers for the raw-evidence scripts (sourced by libraries/evidence/<library>/<scenario>/<checkpoint>.sh).
# Plain curl against the library's glue server at $MCP_URL (started by `npm run libraries -- --evidence`): no prober,
# no reference server. Each exchange prints the request (">>>" lines) and the raw response ("<<<", then curl -i's
# status line, headers and body) so the transcript alone shows what was sent and what came back.
set -u

# exchange METHOD BODY [HEADER...]: one HTTP request; the raw response is also kept in $LAST.
exchange() {
  local method=$1 body=$2
  shift 2
  local args=(-sS -i --max-time "${MAX_TIME:-5}" -X "$method" "$MCP_URL")
  echo ">>> $method $MCP_URL"
  local h
  for h in "$@"; do
    args+=(-H "$h")
    echo ">>> $h"
  done
  if [ -n "$body" ]; then
    args+=(--data-binary "$body")
    echo ">>>"
    echo ">>> $body"
  fi
  LAST=$(curl "${args[@]}" 2>&1 | tr -d '\r')
  echo "<<<"
  printf '%s\n\n' "$LAST"
}

# post BODY [HEADER...]: a JSON-RPC POST with the Content-Type and Accept every client sends.
post() {
  local body=$1
  shift
  exchange POST "$body" 'Content-Type: application/json' 'Accept: application/json, text/event-stream' "$@"
}

# init [VERSION]: initialize; sets SID (the MCP-Session-Id header, if any) and NEG (the negotiated protocolVersion).
init() {
  post '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"'"${1:-2025-11-25}"'","capabilities":{},"clientInfo":{"name":"curl-evidence","version":"1.0.0"}}}'
  SID=$(printf '%s\n' "$LAST" | awk 'tolower($1)=="mcp-session-id:"{print $2; exit}')
  NEG=$(printf '%s\n' "$LAST" | grep -o '"protocolVersion":"[^"]*"' | head -1 | cut -d'"' -f4)
}

# session: the headers a 2025 client sends after initialize (the session id if one was issued, the negotiated version).
session() {
  [ -n "${SID:-}" ] && echo "Mcp-Session-Id: $SID"
  echo "MCP-Protocol-Version: $NEG"
}

# initialized: the notifications/initialized POST, with the session headers.
initialized() {
  local hs=()
  mapfile -t hs < <(session)
  post '{"jsonrpc":"2.0","method":"notifications/initialized"}' "${hs[@]}"
}

# call BODY [HEADER...]: a POST carrying the session headers plus any extra ones.
call() {
  local body=$1
  shift
  local hs=()
  mapfile -t hs < <(session)
  post "$body" "${hs[@]}" "$@"
}

# quick_task: slow_square {x: 7, delayMs: 0} as a task (sets TID to its taskId), then tasks/get once it had time to finish.
quick_task() {
  call '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow_square","arguments":{"x":7,"delayMs":0},"task":{"ttl":60000}}}'
  TID=$(printf '%s\n' "$LAST" | grep -o '"taskId":"[^"]*"' | head -1 | cut -d'"' -f4)
  sleep 0.5
  call '{"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"'"$TID"'"}}'
}

# sse_get [HEADER...]: a GET for an SSE stream (standalone, or a resumption with a Last-Event-ID header) with the
# session headers; then prints how long the connection lasted, so a transcript shows who ended it (the server, or curl
# at its --max-time bound, which prints "curl: (28)").
sse_get() {
  local hs=() t0
  mapfile -t hs < <(session)
  t0=$(date +%s%3N)
  exchange GET '' 'Accept: text/event-stream' "${hs[@]}" "$@"
  echo "=== the GET's connection ended after $(($(date +%s%3N) - t0)) ms (curl's bound: ${MAX_TIME:-5} s)"
  echo
}

# last_event_id: the id of the last SSE event in $LAST (empty when none had one).
last_event_id() {
  printf '%s\n' "$LAST" | awk '$1 == "id:" { id = $2 } END { print id }'
}
