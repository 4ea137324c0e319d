// Glue: a 2026-07-28 MCP server built with Effect 4's `effect/ai` McpServer (`Tool.make` / `Tool.dynamic`,
// `Toolkit.make`, `McpServer.toolkit`, `McpServer.layerHttp` with `protocols: [McpProtocol.v2026_07_28]`, served by
// `HttpRouter.serve` on `NodeHttpServer.layer`), as its module docs show, exposing the tools one 2026-07-28
// server-role prompt asks for. Usage: `node server-2026.ts <scenario-id>` with PORT set; serves
// http://127.0.0.1:$PORT/mcp.
// Policy (CONTEXT.md): library features only, configured as the prompt asks; no hand-written protocol code.
// layerHttp, not layerHttpRequestScoped: the JSDoc of layerHttpRequestScoped sends long-lived hosts that want
// subscriptions to layerHttp ("Use layerHttp on a long-lived host for sessions, subscriptions"), and these trials
// run one long-lived process. Effect has no Tasks extension (tasks: not attempted, see libraries/registry.json).
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { NodeHttpServer, NodeRuntime } from '@effect/platform-node';
import { Context, Effect, Layer, Schema } from 'effect';
import { McpProtocol, McpSchema, McpServer, Tool, Toolkit } from 'effect/ai';
import { HttpRouter } from 'effect/http';

const port = Number(process.env.PORT);
/** A tool's result: one text item with exactly this text (the prompts' CallToolResult), through the toolkit's `content` mapper. */
const text = (t: string) => [{ type: 'text' as const, text: t }];
/** The request's progress token, if the client asked for progress (`_meta.progressToken`). */
const progressToken = McpSchema.McpRequestContext.useSync((ctx) => {
  const token = (ctx.requestMetadata as { progressToken?: unknown } | undefined)?.progressToken;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
});

// ---- stateless-tools ----
const add = Tool.make('add', {
  description: 'Add two numbers and return the sum as text.',
  parameters: Schema.Struct({ a: Schema.Number, b: Schema.Number }),
  success: Schema.String,
});
const echo = Tool.make('echo', {
  description: 'Return the given text unchanged.',
  parameters: Schema.Struct({ text: Schema.String }),
  success: Schema.String,
});

// ---- streaming and subscriptions: the countdown jobs ----
/** A countdown job of the streaming and subscriptions prompts: the ticks it counted and how it ended. */
type Job = { state: 'running' | 'done' | 'cancelled'; ticks: number };
const jobs = new Map<string, Job>();
const countdown = Tool.make('countdown', {
  description:
    'Count n ticks of 100 ms over an SSE stream, with a progress notification per tick when asked, then return "liftoff".',
  parameters: Schema.Struct({
    jobId: Schema.String,
    n: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100 })),
  }),
  success: Schema.String,
  failure: Schema.String,
  dependencies: [McpSchema.McpRequestContext],
});
const jobStatus = Tool.make('job_status', {
  description: 'Report a countdown job: running, done or cancelled, with the ticks counted.',
  parameters: Schema.Struct({ jobId: Schema.String }),
  success: Schema.String,
  // A declared failure is a tool error (isError: true) whose content is the failure (registerToolkit).
  failure: Schema.String,
});
const countdownHandlers = Effect.gen(function* () {
  // Progress goes out through the server's notifications client; layerHttp delivers a request's own progress on
  // that request's response stream ("Request-scoped progress and logs", layerHttp JSDoc).
  const server = yield* McpServer.McpServer;
  return {
    countdown: ({ jobId, n }: { jobId: string; n: number }) => {
      const job: Job = { state: 'running', ticks: 0 };
      jobs.set(jobId, job);
      return Effect.gen(function* () {
        const token = yield* progressToken;
        for (let i = 1; i <= n; i++) {
          yield* Effect.sleep('100 millis');
          // A newer countdown with the same jobId replaces this one.
          if (jobs.get(jobId) !== job) {
            job.state = 'cancelled';
            return yield* Effect.fail('countdown replaced');
          }
          job.ticks = i;
          if (token !== undefined)
            yield* server.notifications['notifications/progress']({ progressToken: token, progress: i, total: n });
        }
        job.state = 'done';
        return 'liftoff';
      }).pipe(
        // A client cancels by closing the call's stream; the transport interrupts the handler's fiber.
        Effect.onInterrupt(() =>
          Effect.sync(() => {
            job.state = 'cancelled';
          }),
        ),
      );
    },
    job_status: ({ jobId }: { jobId: string }) => {
      const job = jobs.get(jobId);
      return job ? Effect.succeed(`${job.state} ${job.ticks}`) : Effect.fail(`no job ${jobId}`);
    },
  };
});

// ---- subscriptions: install_plugin ----
const installPlugin = Tool.make('install_plugin', {
  description: 'Install the plugin name: adds a tool of that name, which returns "<name> ready".',
  parameters: Schema.Struct({ name: Schema.String }),
  success: Schema.String,
  failure: Schema.String,
});

// ---- param-headers ----
// The prompt's schema with its x-mcp-header annotations, given as raw JSON Schema (`Tool.dynamic`: "accept either an
// Effect Schema or a raw JSON Schema for its parameters"); the v2026_07_28 adapter checks Mcp-Param-* headers against
// the arguments from the listed schema.
const routeQuery = Tool.dynamic('route_query', {
  description: 'Route a query to a region.',
  parameters: {
    type: 'object',
    properties: {
      region: {
        type: 'string',
        description: 'Region to run in; absent means the global region.',
        'x-mcp-header': 'Region',
      },
      priority: { type: 'integer', description: 'Priority, an integer.', 'x-mcp-header': 'Priority' },
      query: { type: 'string', description: 'The query text.' },
    },
    required: ['priority', 'query'],
  },
  success: Schema.String,
});

// ---- multi-round-trip ----
// The prompt asks for an integrity-protected requestState: Effect passes requestState through opaquely
// (McpSchema.InputRequired: "requestState is opaque to the client and is returned unchanged"), so the application
// protects it, here with an HMAC under a key only this process knows.
const key = randomBytes(32);
const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
const encodeState = (state: { amount: number; nonce: string }) => {
  const body = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${body}.${mac(body)}`;
};
const decodeState = (encoded: string): { amount: number; nonce: string } | undefined => {
  const [body = '', tag = ''] = encoded.split('.');
  const want = Buffer.from(mac(body));
  if (want.length !== Buffer.from(tag).length || !timingSafeEqual(want, Buffer.from(tag))) return undefined;
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { amount: number; nonce: string };
};
/** The nonces of the confirmations already redeemed (each transferred once). */
const redeemed = new Set<string>();
const result = (t: string, isError = false) => new McpSchema.CallToolResult({ isError, content: text(t) });
/**
 * confirm_transfer on `McpServer.addTool`, whose handler may return `McpSchema.InputRequired` (the registry's
 * `handle` type); a Toolkit handler's success is always a CallToolResult. The retry carries `requestState` and
 * `inputResponses` in `McpRequestContext`.
 */
const confirmTransfer = Layer.effectDiscard(
  Effect.gen(function* () {
    const server = yield* McpServer.McpServer;
    yield* server.addTool({
      tool: new McpSchema.Tool({
        name: 'confirm_transfer',
        description: 'Transfer amount after the user confirms it.',
        inputSchema: {
          type: 'object',
          properties: { amount: { type: 'integer', minimum: 1 } },
          required: ['amount'],
        },
      }),
      annotations: Context.empty(),
      handle: (payload: { amount?: unknown }) =>
        Effect.gen(function* () {
          const amount = payload?.amount;
          if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1)
            return yield* new McpSchema.InvalidParams({ message: 'amount must be an integer of at least 1' });
          const ctx = yield* McpSchema.McpRequestContext;
          if (ctx.requestState !== undefined) {
            const state = decodeState(ctx.requestState);
            if (state === undefined)
              return yield* new McpSchema.InvalidParams({ message: 'requestState failed verification' });
            if (state.amount !== amount)
              return yield* new McpSchema.InvalidParams({ message: 'requestState does not match this call' });
            const answer = ctx.inputResponses?.confirm as
              { action?: string; content?: { confirm?: unknown } } | undefined;
            if (answer !== undefined) {
              if (answer.action !== 'accept' || answer.content?.confirm !== true) return result('transfer cancelled');
              if (redeemed.has(state.nonce)) return result('confirmation already redeemed', true);
              redeemed.add(state.nonce);
              return result(`transferred ${state.amount}`);
            }
          }
          // Ask for the confirmation: a form-mode elicitation keyed `confirm`, with the amount in the request state.
          return new McpSchema.InputRequired({
            inputRequests: {
              confirm: {
                method: 'elicitation/create',
                params: {
                  mode: 'form',
                  message: `Confirm the transfer of ${amount}?`,
                  requestedSchema: {
                    type: 'object',
                    properties: { confirm: { type: 'boolean' } },
                    required: ['confirm'],
                  },
                },
              },
            },
            requestState: encodeState({ amount, nonce: randomUUID() }),
          });
        }),
    });
  }),
);

/** Per scenario: its registrations (toolkits with a `content` mapper per tool: the result text as is). */
const SCENARIOS = {
  'stateless-tools': () => {
    const toolkit = Toolkit.make(add, echo);
    return McpServer.toolkit(toolkit, { content: { add: text, echo: text } }).pipe(
      Layer.provide(
        toolkit.toLayer({
          add: ({ a, b }) => Effect.succeed(String(a + b)),
          echo: ({ text }) => Effect.succeed(text),
        }),
      ),
    );
  },
  'param-headers': () => {
    const toolkit = Toolkit.make(routeQuery);
    return McpServer.toolkit(toolkit, { content: { route_query: text } }).pipe(
      Layer.provide(
        toolkit.toLayer({
          route_query: (params) => {
            const { region, priority, query } = params as { region?: string; priority: number; query: string };
            return Effect.succeed(`${region ?? 'global'}|${priority}|${query}`);
          },
        }),
      ),
    );
  },
  streaming: () => {
    const toolkit = Toolkit.make(countdown, jobStatus);
    return McpServer.toolkit(toolkit, { content: { countdown: text, job_status: text } }).pipe(
      Layer.provide(toolkit.toLayer(countdownHandlers)),
    );
  },
  subscriptions: () => {
    const toolkit = Toolkit.make(installPlugin, countdown, jobStatus);
    const fixed = new Set(['install_plugin', 'countdown', 'job_status']);
    const installed = new Set<string>();
    return McpServer.toolkit(toolkit, {
      content: { install_plugin: text, countdown: text, job_status: text },
    }).pipe(
      Layer.provide(
        toolkit.toLayer(
          Effect.gen(function* () {
            const server = yield* McpServer.McpServer;
            const handlers = yield* countdownHandlers;
            return {
              ...handlers,
              // Each plugin is a tool added while the server runs: `addTool` registers it and broadcasts
              // notifications/tools/list_changed, which layerHttp delivers to subscriptions/listen streams.
              install_plugin: ({ name }: { name: string }) =>
                Effect.gen(function* () {
                  if (!/^[a-z0-9_]{1,32}$/.test(name) || fixed.has(name))
                    return yield* Effect.fail(`invalid plugin name ${JSON.stringify(name)}`);
                  if (!installed.has(name)) {
                    installed.add(name);
                    yield* server.addTool({
                      tool: new McpSchema.Tool({
                        name,
                        description: `The ${name} plugin.`,
                        inputSchema: { type: 'object' },
                      }),
                      annotations: Context.empty(),
                      handle: () => Effect.succeed(result(`${name} ready`)),
                    });
                  }
                  return `installed ${name}`;
                }),
            };
          }),
        ),
      ),
    );
  },
  'multi-round-trip': () => confirmTransfer,
};

const scenario = process.argv[2] ?? '';
if (!Object.hasOwn(SCENARIOS, scenario)) {
  console.error(`usage: node server-2026.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}
const tools = SCENARIOS[scenario as keyof typeof SCENARIOS]() as Layer.Layer<never, never, McpServer.McpServer>;

const mcp = tools.pipe(
  Layer.provide(
    McpServer.layerHttp({
      name: 'mcpfs-effect-glue',
      version: '1.0.0',
      path: '/mcp',
      // The stateless-tools prompt: the server serves 2026-07-28 only.
      protocols: [McpProtocol.v2026_07_28],
      // 403 for a foreign Origin; requests without Origin pass (layerHttp JSDoc).
      allowedOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
    }),
  ),
);

NodeRuntime.runMain(
  Layer.launch(
    HttpRouter.serve(mcp, { disableLogger: true }).pipe(
      Layer.provide(NodeHttpServer.layer(createServer, { port, host: '127.0.0.1' })),
    ),
  ),
);
console.error(`MCP server (${scenario}) listening on http://127.0.0.1:${port}/mcp`);
