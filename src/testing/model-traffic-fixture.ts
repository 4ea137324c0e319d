// A model-traffic sidecar for the replay fixture tree (src/testing/replay-fixture-tree.ts): an Anthropic Messages
// conversation through the trial's proxy — two tool-using turns (hostile text in a tool result and a reply), a side
// request without tools, a request the spent budget refused, and the budget's end line. Test data only.
import { MODEL_TRAFFIC_FORMAT, type ModelExchange } from '../bench/schema/model-traffic.ts';

const TOOLS = ['read', 'write', 'edit', 'bash'].map((name) => ({
  name,
  description: `${name} a file`,
  input_schema: { type: 'object', properties: { path: { type: 'string' } } },
}));
const TASK = 'Build the MCP server <script>alert("task")</script>';

const message = (content: unknown[], stop: string, usage: [number, number, number, number]) =>
  JSON.stringify({
    id: 'msg_fixture',
    type: 'message',
    role: 'assistant',
    model: 'scripted-1',
    content,
    stop_reason: stop,
    usage: {
      input_tokens: usage[0],
      output_tokens: usage[1],
      cache_read_input_tokens: usage[2],
      cache_creation_input_tokens: usage[3],
    },
  });

const call = {
  type: 'tool_use',
  id: 'toolu_fixture_1',
  name: 'write',
  input: { path: 'server.ts', content: '<b>x</b>' },
};

/** The exchanges of the fixture's model sidecar. */
export function fixtureModelExchanges(): ModelExchange[] {
  const base = {
    api: 'anthropic-messages' as const,
    method: 'POST',
    path: '/v1/messages',
    responseType: 'application/json',
  };
  return [
    {
      ...base,
      n: 1,
      t: 1200,
      firstByteMs: 300,
      durationMs: 900,
      status: 200,
      request: JSON.stringify({
        model: 'scripted-1',
        max_tokens: 4096,
        system: 'You are pi.',
        tools: TOOLS,
        messages: [{ role: 'user', content: TASK }],
      }),
      response: message([{ type: 'text', text: 'Writing the server.' }, call], 'tool_use', [1200, 80, 0, 1000]),
    },
    {
      ...base,
      n: 2,
      t: 2500,
      firstByteMs: 100,
      durationMs: 150,
      status: 200,
      request: JSON.stringify({
        model: 'scripted-1',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'A title for this session' }],
      }),
      response: message([{ type: 'text', text: 'MCP server <i>title</i>' }], 'end_turn', [20, 5, 0, 0]),
    },
    {
      ...base,
      n: 3,
      t: 3000,
      firstByteMs: 250,
      durationMs: 700,
      status: 200,
      request: JSON.stringify({
        model: 'scripted-1',
        max_tokens: 4096,
        system: 'You are pi.',
        tools: TOOLS,
        messages: [
          { role: 'user', content: TASK },
          { role: 'assistant', content: [{ type: 'text', text: 'Writing the server.' }, call] },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: 'toolu_fixture_1',
                content: '<script>alert("result")</script> wrote 8 bytes',
              },
            ],
          },
        ],
      }),
      response: message([{ type: 'text', text: 'Done <img src=x onerror=alert(1)>' }], 'end_turn', [60, 12, 1200, 0]),
    },
    {
      ...base,
      n: 4,
      t: 4000,
      durationMs: 1,
      status: 429,
      request: '{}',
      response: '{"type":"error","error":{"type":"rate_limit_error","message":"model budget spent"}}',
      refused: 'budget',
    },
  ];
}

/** The sidecar's text: header (loopback upstream, a token budget), the exchanges, the end line. */
export function fixtureModelTraffic(exchanges = fixtureModelExchanges()): string {
  return (
    [
      {
        format: MODEL_TRAFFIC_FORMAT,
        upstreams: { 'anthropic-messages': 'http://127.0.0.1:9' },
        budget: { tokens: 2500 },
      },
      ...exchanges,
      { end: true, budgetExhausted: 'tokens', detail: '2,577 of 2,500 tokens' },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n') + '\n'
  );
}
