# typescript-sdk, tasks: slow_square declares execution.taskSupport "required"; a tools/call without params.task must get JSON-RPC error -32601.
source "$(dirname "$0")/../../lib.sh"
init
initialized
call '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow_square","arguments":{"x":3,"delayMs":10}}}'
