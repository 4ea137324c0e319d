# @modelcontextprotocol/client 2.4.0, server-drift: get_token's result has no resultType; the client must treat it as
# "complete". The SDK rejects it (twice: the glue calls once more), so get_secret is never called.
cd "$(dirname "$0")/../.." && node recorder.ts server-drift -- node ../sdk-v2-client/client.ts server-drift
