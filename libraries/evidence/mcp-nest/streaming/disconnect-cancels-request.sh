# @rekog/mcp-nest 2.0.5, streaming (2026-07-28, responseMode 'sse'): countdown {jobId: "j1", n: 30} (30 ticks of
# 100 ms, no progressToken) runs; curl closes the connection after 0.6 s (its --max-time), mid-request. Then
# job_status j1, twice, 0.5 s apart: the job is still "running" and its ticks keep counting, so closing the response
# connection did not cancel the request. (With a progressToken the tool's next ctx.reportProgress throws "Not
# connected" and the job stops where it was, still "running": what the prober saw.)
source "$(dirname "$0")/../../lib.sh"
meta='"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"curl-evidence","version":"1.0.0"},"io.modelcontextprotocol/clientCapabilities":{}}'
MAX_TIME=0.6 post '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"countdown","arguments":{"jobId":"j1","n":30},'"$meta"'}}' 'MCP-Protocol-Version: 2026-07-28' 'Mcp-Method: tools/call' 'Mcp-Name: countdown'
sleep 0.4
for id in 3 4; do
  post '{"jsonrpc":"2.0","id":'"$id"',"method":"tools/call","params":{"name":"job_status","arguments":{"jobId":"j1"},'"$meta"'}}' 'MCP-Protocol-Version: 2026-07-28' 'Mcp-Method: tools/call' 'Mcp-Name: job_status'
  sleep 0.5
done
