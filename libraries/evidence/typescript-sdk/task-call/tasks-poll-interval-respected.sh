# @modelcontextprotocol/sdk 1.32.2 client, task-call: get_secret runs only as a task; the CreateTaskResult suggests
# pollInterval 250 ms. The SDK's experimental tasks.callToolStream sends its first tasks/get right after it.
cd "$(dirname "$0")/../.." && node recorder.ts task-call -- node ../typescript-sdk/client.ts task-call
