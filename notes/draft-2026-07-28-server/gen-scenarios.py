# Throwaway generator for scenarios/2026-07-28/server/*.json: quotes come byte-exact from the TSV.
import csv, json, sys
TSV = '/work/shared/spec/2026-07-28/normative-sentences.tsv'
rows = {}
with open(TSV, newline='') as f:
    for r in csv.DictReader(f, delimiter='\t', quoting=csv.QUOTE_NONE):
        rows[r['id']] = r
FOLD = {'MUST NOT': 'MUST', 'SHOULD NOT': 'SHOULD'}
def cp(slug, sid, rule, applies=None):
    r = rows[sid]
    c = {'slug': slug, 'kind': 'spec', 'level': FOLD.get(r['level'], r['level']), 'spec': {'id': sid, 'file': r['file'], 'line': int(r['line']), 'quote': r['sentence']}, 'rule': rule}
    if applies: c['appliesWhen'] = applies
    return c
def task(slug, rule):
    return {'slug': slug, 'kind': 'task', 'level': 'MUST', 'spec': None, 'rule': rule}

GROUND = """## Ground rules

- Implement the server yourself, from scratch, in any language available in this workspace. Use only the standard
  library for HTTP and JSON (for Node.js: `node:http`). Do **not** use any MCP SDK or MCP library (for example
  `@modelcontextprotocol/sdk`, `@modelcontextprotocol/server`, `mcp`, `fastmcp`).
- Listen on **127.0.0.1** at the TCP port given in the environment variable **`PORT`**. The MCP endpoint is the path
  **`/mcp`**, i.e. `http://127.0.0.1:$PORT/mcp`.
- Speak MCP protocol revision **2026-07-28** over the **Streamable HTTP** transport. This revision is stateless: there
  is no `initialize` handshake and there are no sessions. Every JSON-RPC request arrives as its own HTTP POST and carries
  everything needed to serve it: the headers `MCP-Protocol-Version`, `Mcp-Method` (the JSON-RPC `method`) and, for
  `tools/call`, `Mcp-Name` (the tool name), and in `params._meta` the fields
  `io.modelcontextprotocol/protocolVersion` and `io.modelcontextprotocol/clientCapabilities` (plus, optionally,
  `io.modelcontextprotocol/clientInfo`). Answer each request with `Content-Type: application/json` (one JSON-RPC
  response) or `text/event-stream` (an SSE stream carrying the response).
- Every result object carries `"resultType": "complete"` (or `"input_required"`, see below where relevant) and names
  your server in `_meta`: `"_meta": {"io.modelcontextprotocol/serverInfo": {"name": "…", "version": "…"}}`.
- A header-validation failure is answered with HTTP 400 and a JSON-RPC error with code `-32020` (`HeaderMismatch`).
  Header names are case-insensitive.
- When you are done, **start the server and leave it running** in the background (with `PORT` from the
  environment), then finish. An automated MCP client will test it after you finish; nobody will start it for you.
"""

def tool_md(t, text):
    return f"### `{t['name']}`\n\n{text}\n\nInput schema:\n\n```json\n{json.dumps(t['inputSchema'], indent=2, ensure_ascii=False)}\n```\n"

def scenario(id, title, grade, summary, intro, tools, requires, checkpoints, extra=''):
    tools_md = '\n'.join(tool_md(t, t['_text']) for t in tools)
    prompt = f"# {title}: an MCP server (revision 2026-07-28)\n\n{intro}\n\n{GROUND}\n## Tools\n\nExpose these tools in `tools/list` (with exactly these input schemas) and answer `tools/call` for them.\nA tool result is a `CallToolResult` whose `content` holds one `text` item with the exact text described.\n\n{tools_md}{extra}\n## Behaviour required\n\n" + '\n'.join(f'- {r}' for r in requires) + '\n'
    return {'$schema': '/schema/scenario.json', 'id': id, 'revision': '2026-07-28', 'role': 'server', 'title': title, 'grade': grade, 'summary': summary, 'prompt': prompt, 'requires': requires,
            'tools': [{k: v for k, v in t.items() if k != '_text'} for t in tools], 'checkpoints': checkpoints}

ADD = {'name': 'add', 'description': 'Add two numbers and return the sum as text.', 'inputSchema': {'type': 'object', 'properties': {'a': {'type': 'number'}, 'b': {'type': 'number'}}, 'required': ['a', 'b']}, '_text': 'Add `a` and `b`; the result text is the sum written as a JSON number would be (e.g. `{"a": 19, "b": 23}` → `42`).'}
ECHO = {'name': 'echo', 'description': 'Return the given text unchanged.', 'inputSchema': {'type': 'object', 'properties': {'text': {'type': 'string'}}, 'required': ['text']}, '_text': 'Return `text` unchanged (exactly the same Unicode string).'}

s1 = scenario('stateless-tools', 'Stateless tools', 1,
  'A stateless 2026-07-28 Streamable HTTP server with two tools: server/discover, tools/list and tools/call with no handshake, resultType and serverInfo on every result, the header contract (MCP-Protocol-Version required and matching _meta, Mcp-Method), Origin validation, 404 for unknown methods, -32602 for missing _meta fields, and 405 / ignored session ids for legacy traffic.',
  'Build a minimal, stateless MCP server with two tools.', [ADD, ECHO], [
  'Answer `tools/call` and `tools/list` from the very first request: there is no handshake, and no request depends on an earlier one.',
  'Implement `server/discover`: its result lists `supportedVersions` (including `2026-07-28`) and `capabilities` (declare `tools`), with `resultType` and the `serverInfo` `_meta` like every result.',
  'Echo the request `id` exactly (string ids stay strings, integer ids stay integers).',
  'The set of tools in `tools/list` never changes as a side effect of other requests or connections.',
  'Reject a request whose `Origin` header is present and not a local origin (for example `http://evil.example`) with HTTP 403 Forbidden.',
  'Reject a request without `MCP-Protocol-Version`, without `Mcp-Method`, or whose `MCP-Protocol-Version` header differs from `_meta` `io.modelcontextprotocol/protocolVersion`, with HTTP 400 and JSON-RPC error `-32020`. You do not support clients older than `2025-06-18`.',
  'Reject a request for a protocol version you do not support (for example `1900-01-01`) with HTTP 400 and an `UnsupportedProtocolVersionError`: JSON-RPC error `-32022` with `data.supported` (the versions you support) and `data.requested`.',
  'Answer a request for a method you do not implement (for example `foo/bar`) with HTTP 404 and JSON-RPC error `-32601`.',
  'Reject a request whose `_meta` lacks `io.modelcontextprotocol/clientCapabilities` (or `io.modelcontextprotocol/protocolVersion`) with HTTP 400 and JSON-RPC error `-32602`.',
  'Old (2025-era) traffic: answer HTTP GET and DELETE on `/mcp` with 405 Method Not Allowed; ignore an `Mcp-Session-Id` request header and never send one.',
  ], [
  task('task-stateless-tools-answer', 'tools/list names add and echo; add {"a":19,"b":23} returns "42"; echo returns its text unchanged'),
  cp('stateless-first-request-served', '260728-basic-191', 'A tools/call sent as the very first request, with no discover or handshake before it, gets a result'),
  cp('discover-implemented', '260728-discover-8', 'server/discover returns supportedVersions including 2026-07-28 and a capabilities object'),
  cp('discover-server-info', '260728-discover-99', 'The DiscoverResult carries _meta io.modelcontextprotocol/serverInfo with name and version'),
  cp('result-type-everywhere', '260728-basic-73', 'Every result response carries a string resultType'),
  cp('result-server-info-meta', '260728-basic-396', 'Every result carries _meta io.modelcontextprotocol/serverInfo with name and version'),
  cp('request-content-type-json-or-sse', '260728-shttp-88', 'Every 2xx answer to a POSTed JSON-RPC request is application/json or text/event-stream'),
  cp('jsonrpc-result-id-echoed', '260728-basic-70', 'Every result carries its request id with the same JSON type (string and integer ids probed)'),
  cp('origin-foreign-returns-403', '260728-shttp-60', 'A POST with Origin: http://evil.example gets 403'),
  cp('version-header-mismatch-400', '260728-shttp-259', 'MCP-Protocol-Version 2026-07-28 with _meta protocolVersion 2025-11-25 gets 400 and JSON-RPC error -32020'),
  cp('version-unsupported-400', '260728-shttp-263', 'Protocol version 1900-01-01 (header and _meta) gets 400 and -32022 whose data.supported lists 2026-07-28'),
  cp('version-header-missing-rejected', '260728-shttp-279', 'A POST without MCP-Protocol-Version gets 400 and JSON-RPC error -32020'),
  cp('method-header-missing-400', '260728-shttp-597', 'A POST without Mcp-Method gets 400 and JSON-RPC error -32020'),
  cp('unknown-method-404', '260728-shttp-271', 'Method foo/bar gets 404 and JSON-RPC error -32601'),
  cp('meta-capabilities-missing-32602', '260728-basic-380', 'A request whose _meta lacks clientCapabilities gets 400 and JSON-RPC error -32602'),
  cp('legacy-get-delete-session-ignored', '260728-shttp-680', 'GET and DELETE get 405; a request carrying Mcp-Session-Id is served and no Mcp-Session-Id is ever returned'),
  cp('tools-list-stable-across-connections', '260728-tools-63', 'tools/list on two connections, before and after a tools/call, lists the same set of tools'),
  ])

ROUTE = {'name': 'route_query', 'description': 'Route a query to a region; returns region|priority|query.', 'inputSchema': {'type': 'object', 'properties': {
  'region': {'type': ['string', 'null'], 'description': 'Region to run in; null or absent means the global region.', 'x-mcp-header': 'Region'},
  'priority': {'type': 'integer', 'description': 'Priority, an integer.', 'x-mcp-header': 'Priority'},
  'query': {'type': 'string', 'description': 'The query text.'}}, 'required': ['priority', 'query']},
  '_text': 'Return `<region>|<priority>|<query>`, where `<region>` is `global` when `region` is `null` or absent, and `<priority>` is the integer in decimal (e.g. `{"region": "us-west1", "priority": 3, "query": "SELECT 1"}` → `us-west1|3|SELECT 1`). The `x-mcp-header` annotations must appear in `tools/list` exactly as in the schema.'}
s2 = scenario('param-headers', 'Parameter headers', 2,
  'A 2026-07-28 server whose tool mirrors parameters into HTTP headers with x-mcp-header: Mcp-Param-* and Mcp-Name validated against the body, Base64 sentinel values decoded, header names compared case-insensitively, null and absent arguments not requiring a header, integers compared numerically.',
  'Build a stateless MCP server with one tool whose parameters are mirrored into HTTP headers.', [ROUTE], [
  'Validate every `tools/call` of `route_query`: the `Mcp-Name` header must equal `params.name`, `Mcp-Param-Region` must equal `arguments.region` and `Mcp-Param-Priority` must equal `arguments.priority`. Reject a mismatch with HTTP 400 and JSON-RPC error `-32020`.',
  'When an argument with an `x-mcp-header` annotation has a value in the body but its `Mcp-Param-*` header is missing, reject the request (HTTP 400, `-32020`). When the argument is `null` or absent, its header is absent too: do not expect it.',
  'Header values of the form `=?base64?<Base64 of the UTF-8 value>?=` (for `Mcp-Name` and `Mcp-Param-*`) are Base64-encoded: decode them before comparing (for example `Mcp-Param-Region: =?base64?5p2x5Lqs?=` means `東京`).',
  'Compare integer parameters numerically: `Mcp-Param-Priority: 42.0` matches `"priority": 42`.',
  'Header names are case-insensitive: `mcp-param-region` is the same header as `Mcp-Param-Region`.',
  ], [
  task('task-route-query-answers', 'tools/list shows route_query with x-mcp-header Region and Priority; route_query us-west1/3/"SELECT 1" returns "us-west1|3|SELECT 1"'),
  cp('param-base64-sentinel-decoded', '260728-shttp-501', 'Calls with =?base64?…?= values in Mcp-Param-Region (東京) and in Mcp-Name are served with the right result'),
  cp('header-names-case-insensitive', '260728-shttp-574', 'A call whose MCP headers are all sent with lower-case names is served'),
  cp('param-header-omitted-rejected', '260728-shttp-566', 'A call with region in the body but no Mcp-Param-Region header is rejected'),
  cp('param-header-mismatch-400', '260728-shttp-557', 'Mcp-Param-Region us-east1 with region eu-west1 in the body gets 400 and JSON-RPC error -32020'),
  cp('param-null-header-not-expected', '260728-shttp-564b', 'A call with region null and no Mcp-Param-Region is served ("global|…")'),
  cp('param-absent-header-not-expected', '260728-shttp-565b', 'A call without region and without Mcp-Param-Region is served ("global|…")'),
  cp('param-integer-compared-numerically', '260728-shttp-591', 'priority 42 with Mcp-Param-Priority: 42.0 is served'),
  cp('name-header-mismatch-rejected', '260728-shttp-582', 'A call with Mcp-Name echo and name route_query in the body is rejected'),
  ])

TRANSFER = {'name': 'confirm_transfer', 'description': 'Transfer an amount after the user confirms it.', 'inputSchema': {'type': 'object', 'properties': {'amount': {'type': 'integer', 'minimum': 1}}, 'required': ['amount']},
  '_text': 'Transfer `amount` after the user confirms it (see *Multi round-trip* below); the final result text is `transferred <amount>` (e.g. `transferred 250`).'}
MRTR_MD = """
## Multi round-trip

`confirm_transfer` needs the user's confirmation. This revision has no server-to-client requests; instead the server
answers with an `InputRequiredResult` and the client retries (Multi Round-Trip Requests):

1. A call without `inputResponses` (from a client whose `clientCapabilities` include `elicitation`) is answered with a
   result `{"resultType": "input_required", "inputRequests": {"confirm": {"method": "elicitation/create", "params":
   {"mode": "form", "message": "Confirm the transfer of <amount>?", "requestedSchema": {"type": "object",
   "properties": {"confirm": {"type": "boolean"}}, "required": ["confirm"]}}}}, "requestState": "…"}` (plus the
   `serverInfo` `_meta`). The `requestState` is an opaque string of your choice that records the amount awaiting
   confirmation; the client echoes it back unchanged.
2. The client retries the same call (new JSON-RPC `id`) with `params.inputResponses` =
   `{"confirm": {"action": "accept", "content": {"confirm": true}}}` and `params.requestState` = the value it got. Answer
   with the final `CallToolResult` (`"resultType": "complete"`, text `transferred <amount>`).
3. The `requestState` drives business logic, so protect its integrity (for example an HMAC with a key only the server
   knows) and reject a retry whose `requestState` fails verification or does not match the call (a JSON-RPC error,
   for example `-32602`): never transfer on a forged or altered state.
"""
s3 = scenario('multi-round-trip', 'Multi round-trip', 3,
  'A 2026-07-28 server whose tool needs user input: it answers with an InputRequiredResult carrying an elicitation request and an integrity-protected requestState over an SSE response stream, completes the retry, rejects a tampered state, never asks a client for input it cannot give (-32021 instead), and never answers other requests with input_required.',
  'Build a stateless MCP server with one tool that asks the user for confirmation through a multi round-trip request.', [TRANSFER], [
  'Answer `confirm_transfer` as described under *Multi round-trip*: an `InputRequiredResult` with an `elicitation/create` input request and a `requestState` first, the final result on the retry.',
  'Reject a retry whose `requestState` was tampered with; never complete the transfer on it.',
  'If the request\'s `clientCapabilities` do not include `elicitation`, do not send an elicitation input request: answer HTTP 400 with a `MissingRequiredClientCapabilityError` (JSON-RPC error `-32021`, `data.requiredCapabilities` = `{"elicitation": {}}`).',
  'Answer `tools/list` and `server/discover` normally (they never return `input_required`).',
  'Answer the `confirm_transfer` calls you serve (the `input_required` result and the final result) with an SSE response stream (`Content-Type: text/event-stream`, header `X-Accel-Buffering: no`) that carries only the JSON-RPC response (no JSON-RPC requests) and then ends; error responses may be plain JSON.',
  ], [
  task('task-transfer-confirmed', 'The first call returns input_required with an elicitation/create input request; the retry with the answer and the requestState returns "transferred 250"'),
  cp('mrtr-input-required-has-requests-or-state', '260728-mrtr-245', 'Every InputRequiredResult carries a non-empty inputRequests or a requestState'),
  cp('mrtr-request-state-integrity', '260728-mrtr-232b', 'A retry with a tampered requestState is not completed (an error, or input_required again)'),
  cp('mrtr-no-undeclared-input-requests', '260728-mrtr-246a', 'No InputRequiredResult asks for elicitation, sampling or roots input the request\'s clientCapabilities did not declare'),
  cp('capability-missing-32021', '260728-basic-387b', 'confirm_transfer from a client without elicitation gets -32021 with data.requiredCapabilities naming elicitation'),
  cp('capability-missing-400', '260728-basic-391', 'That MissingRequiredClientCapabilityError comes with HTTP 400'),
  cp('mrtr-input-required-only-where-allowed', '260728-mrtr-192', 'tools/list and server/discover are never answered with input_required'),
  cp('sse-no-server-requests', '260728-shttp-117', 'No SSE response stream carries a JSON-RPC request (method and id)', 'only if a request was answered with an SSE stream'),
  cp('sse-x-accel-buffering-no', '260728-shttp-136', 'Every SSE response carries X-Accel-Buffering: no', 'only if a request was answered with an SSE stream'),
  cp('sse-closes-after-response', '260728-shttp-125', 'Every SSE response stream ends once it has delivered its response', 'only if an SSE stream delivered its response'),
  ], MRTR_MD)

SQUARE = {'name': 'slow_square', 'description': 'Square x after delayMs milliseconds; runs only as a task.', 'inputSchema': {'type': 'object', 'properties': {'x': {'type': 'number'}, 'delayMs': {'type': 'integer', 'minimum': 0, 'maximum': 60000}}, 'required': ['x', 'delayMs']},
  '_text': 'Compute `x * x` after waiting `delayMs` milliseconds; the result text is the square written as a JSON number would be (e.g. `{"x": 7, "delayMs": 300}` → `49`). It runs only as a task (see *Tasks* below).'}
TASKS_MD = """
## Tasks

Support the Tasks extension `io.modelcontextprotocol/tasks` (declare it in `server/discover` under
`capabilities.extensions`). A client that supports it declares
`"extensions": {"io.modelcontextprotocol/tasks": {}}` in the request's `_meta`
`io.modelcontextprotocol/clientCapabilities`; a client that does not, does not.

- `tools/call` of `slow_square` from a declaring client: create a task and answer at once with a `CreateTaskResult`:
  `{"resultType": "task", "taskId": "<unguessable id>", "status": "working", "createdAt": "<ISO 8601>",
  "lastUpdatedAt": "<ISO 8601>", "ttlMs": 60000, "pollIntervalMs": 100}`. The task must already be known to `tasks/get`
  when this answer is sent. When `delayMs` has passed the task is `completed`.
- `tasks/get` (`params.taskId`; the request also carries `Mcp-Name: <taskId>`): answer the task as it is now, with
  `"resultType": "complete"` and the task fields above (`taskId`, `status`, `createdAt`, `lastUpdatedAt`, `ttlMs`,
  `pollIntervalMs`); once `completed`, also `"result"`: the `CallToolResult` of the call (text = the square).
- `tasks/cancel` (`params.taskId`): stop the task and acknowledge with an empty result (`{"resultType": "complete"}`
  plus the `serverInfo` `_meta`); the task becomes `cancelled`.
- An unknown `taskId` on `tasks/get` or `tasks/cancel`: JSON-RPC error `-32602`.
"""
s4 = scenario('tasks', 'Tasks', 4,
  'A 2026-07-28 server with the Tasks extension: a task-only tool answered with a CreateTaskResult (resultType task) that tasks/get resolves at once and later reports completed with its result, tasks/cancel acknowledged, -32602 for unknown tasks, and -32021 for clients that did not declare the extension.',
  'Build a stateless MCP server with one tool that runs asynchronously through the Tasks extension.', [SQUARE], [
  'Answer `slow_square` from a client that declares the tasks extension with a `CreateTaskResult` (`resultType` `"task"`) whose task `tasks/get` already knows; poll results report `working`, then `completed` with the `CallToolResult` in `result`.',
  'Answer every `tasks/get` with `resultType` `"complete"`; acknowledge `tasks/cancel` with an empty result.',
  'Answer `tasks/get` or `tasks/cancel` of an unknown `taskId` with JSON-RPC error `-32602`.',
  'Never return a `CreateTaskResult` to a client that did not declare the extension on that request: `slow_square` runs only as a task, so answer it with HTTP 400 and a `MissingRequiredClientCapabilityError` (`-32021`) whose `data.requiredCapabilities` is `{"extensions": {"io.modelcontextprotocol/tasks": {}}}`.',
  'Answer `tasks/get`, `tasks/update` and `tasks/cancel` from a client that did not declare the extension with HTTP 400 and JSON-RPC error `-32021` (same `data`).',
  ], [
  task('task-square-via-task', 'slow_square {"x":7,"delayMs":300} returns a taskId; polling tasks/get reaches completed with result text "49"'),
  cp('tasks-create-result-type-task', '260728-exttasks-102a', 'The CreateTaskResult has resultType "task", a taskId and a status'),
  cp('tasks-created-task-resolvable', '260728-exttasks-300a', 'tasks/get sent right after the CreateTaskResult resolves the returned taskId'),
  cp('tasks-get-result-type-complete', '260728-exttasks-338', 'Every tasks/get result has resultType "complete"'),
  cp('tasks-completed-has-result', '260728-exttasks-330', 'The tasks/get that shows completed carries the CallToolResult in result'),
  cp('tasks-unknown-id-32602', '260728-exttasks-794', 'tasks/get of an unknown taskId gets JSON-RPC error -32602'),
  cp('tasks-none-without-extension', '260728-exttasks-61a', 'slow_square from a client without the tasks extension gets no CreateTaskResult'),
  cp('tasks-missing-extension-32021', '260728-exttasks-63', 'slow_square from a client without the tasks extension gets -32021 naming io.modelcontextprotocol/tasks under requiredCapabilities.extensions'),
  cp('tasks-get-without-extension-32021', '260728-exttasks-799', 'tasks/get from a client without the tasks extension gets -32021'),
  cp('tasks-cancel-acknowledged', '260728-exttasks-404a', 'tasks/cancel of a working task is acknowledged with an empty result'),
  ], TASKS_MD)

out = sys.argv[1]
for s in (s1, s2, s3, s4):
    with open(f"{out}/{s['id']}.json", 'w') as f:
        f.write(json.dumps(s, indent=2, ensure_ascii=False) + '\n')
