# mcp-use 2.5.2 (2025-11-25, its default stateless legacy fallback), streaming: after initialize, a GET with
# Accept: text/event-stream must get an SSE stream or 405; the config's JSDoc for legacy "stateless" says GET gets 405.
source "$(dirname "$0")/../../lib.sh"
init
initialized
sse_get
