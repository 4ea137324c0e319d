# @modelcontextprotocol/client 2.4.0, param-headers: the client against a recording server whose results carry the
# fields the 2026-07-28 schema requires (tools/list: resultType, ttlMs, cacheScope); does it finish the task?
cd "$(dirname "$0")/../.." && node recorder.ts param-headers -- node ../sdk-v2-client/client.ts param-headers
