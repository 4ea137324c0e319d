# @mastra/mcp 2.0.0 MCPClient, stateless-call: get_secret's listed schema has an optional property whose schema is a network $ref (never needed: the call leaves it out). The client does not fetch it, and refuses to send get_secret at all: its input validation cannot resolve the reference.
cd "$(dirname "$0")/../.." && node recorder.ts stateless-call -- node ../mastra-mcp/client.ts stateless-call
