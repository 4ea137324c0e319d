# @modelcontextprotocol/sdk 1.32.2 client, version-mismatch: the first initialize is answered with protocolVersion
# 2024-11-05 (a revision without Streamable HTTP); the client goes on using that session over Streamable HTTP.
cd "$(dirname "$0")/../.." && node recorder.ts version-mismatch -- node ../typescript-sdk/client.ts version-mismatch
