# @modelcontextprotocol/client 2.0.0 (release history; 2.4.0 passes), param-headers: tools/list offers get_secret_fast,
# whose x-mcp-header sits on a number property (an invalid definition the client must leave out). The glue calls
# get_secret_fast only if the SDK's listTools keeps it; this release keeps it and calls it.
cd "$(dirname "$0")/../.." && node recorder.ts param-headers -- env MCPFS_INSTALL_FOLDER="$PWD/../releases/sdk-v2-2.0.0" node --import ../install-folder-hook.ts ../sdk-v2-client/client.ts param-headers
