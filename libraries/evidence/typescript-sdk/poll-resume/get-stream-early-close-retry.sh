# @modelcontextprotocol/sdk 1.32.2, poll-resume: the standalone GET stream is closed by the glue 900 ms after it
# opened (transport.closeStandaloneSSEStream, the SDK's polling call for it); the stream carried no event at all, so no
# retry field before the close.
source "$(dirname "$0")/../../lib.sh"
init
initialized
MAX_TIME=3 sse_get
