// Glue: an MCP server built with Effect 4's `effect/ai` McpServer (`Tool.make`, `Toolkit.make`, `McpServer.toolkit`,
// `McpServer.layerHttp`, served by `HttpRouter.serve` on `NodeHttpServer.layer`) as its module docs and examples show,
// exposing exactly the tools one 2025-11-25 server-role prompt asks for.
// Usage: `node server.ts <scenario-id>` with PORT set; serves http://127.0.0.1:$PORT/mcp.
// Policy (CONTEXT.md): library features only, configured as the prompt asks; no hand-written protocol code.
// layerHttp is Effect's own Streamable HTTP transport: sessions for the sessionful revisions, POST only (GET answers
// 405: no standalone stream), no event ids or resumption, no tasks (see libraries/registry.json).
import { createServer } from 'node:http';
import { NodeHttpServer, NodeRuntime } from '@effect/platform-node';
import { Context, Effect, Layer, Schema } from 'effect';
import { McpProtocol, McpSchema, McpServer, Tool, Toolkit } from 'effect/ai';
import { HttpRouter } from 'effect/http';

const port = Number(process.env.PORT);
/** A tool's result: one text item with exactly this text (the prompts' CallToolResult), through the toolkit's `content` mapper. */
const text = (t: string) => [{ type: 'text' as const, text: t }];
/** The countdown tools' `n` (the prompts' schema: an integer from 1 to 10). */
const countdownParams = Schema.Struct({ n: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 10 })) });
/** The request's progress token, if the client asked for progress (`_meta.progressToken`). */
const progressToken = McpSchema.McpRequestContext.useSync((ctx) => {
  const token = (ctx.requestMetadata as { progressToken?: unknown } | undefined)?.progressToken;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
});

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
/** The session a request belongs to, provided per request by the `Session` middleware below. */
class CurrentSession extends Context.Service<CurrentSession, { readonly id: string }>()('CurrentSession') {}
const increment = Tool.make('increment', {
  description: "Increment this session's counter and return its new value as text.",
  parameters: Tool.EmptyParams,
  success: Schema.String,
  dependencies: [CurrentSession],
});
/**
 * MCP middleware is the library's way to give handlers request-level services ("It receives the request headers,
 * session id and request context", JSDoc of `McpServer.middleware`): `sessionId` is the session of the request.
 */
const Session = McpServer.middleware<{ provides: CurrentSession }>()((effect, { sessionId }) =>
  Effect.provideService(effect, CurrentSession, { id: sessionId ?? '' }),
);
const countdown = Tool.make('countdown', {
  description: 'Stream n progress notifications, then return "liftoff".',
  parameters: countdownParams,
  success: Schema.String,
  dependencies: [McpSchema.McpRequestContext],
});
const longCountdown = Tool.make('long_countdown', {
  description: 'Count down from n, one step every 300 ms, then return "liftoff"; the client may call it off.',
  parameters: countdownParams,
  success: Schema.String,
});

/** Per scenario: its toolkit, registered with a `content` mapper per tool (the result text as is, no JSON quoting). */
const SCENARIOS = {
  'tools-basics': () => {
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
  sessions: () => {
    const toolkit = Toolkit.make(increment);
    // Per-session state keyed by the session id the middleware provides (the JSDoc example's CurrentUser pattern).
    const counters = new Map<string, number>();
    return McpServer.toolkit(toolkit, { content: { increment: text } }).pipe(
      Layer.provide(Session.layer),
      Layer.provide(
        toolkit.toLayer({
          increment: () =>
            CurrentSession.useSync(({ id }) => {
              counters.set(id, (counters.get(id) ?? 0) + 1);
              return String(counters.get(id));
            }),
        }),
      ),
    );
  },
  streaming: () => {
    const toolkit = Toolkit.make(countdown);
    return McpServer.toolkit(toolkit, { content: { countdown: text } }).pipe(
      Layer.provide(
        toolkit.toLayer(
          Effect.gen(function* () {
            // Progress goes out through the server's notifications client; layerHttp delivers a request's own
            // progress on that request's response stream.
            const server = yield* McpServer.McpServer;
            return {
              countdown: ({ n }) =>
                Effect.gen(function* () {
                  const token = yield* progressToken;
                  if (token !== undefined)
                    for (let i = 1; i <= n; i++)
                      yield* server.notifications['notifications/progress']({
                        progressToken: token,
                        progress: i,
                        total: n,
                      });
                  return 'liftoff';
                }),
            };
          }),
        ),
      ),
    );
  },
  cancellation: () => {
    const toolkit = Toolkit.make(longCountdown);
    // A cancelled call is an interrupted fiber: `Effect.sleep` stops at the interruption, and the transport writes
    // no response for a cancelled request.
    return McpServer.toolkit(toolkit, { content: { long_countdown: text } }).pipe(
      Layer.provide(
        toolkit.toLayer({
          long_countdown: ({ n }) => Effect.as(Effect.repeat(Effect.sleep('300 millis'), { times: n - 1 }), 'liftoff'),
        }),
      ),
    );
  },
};

const scenario = process.argv[2] ?? '';
if (!Object.hasOwn(SCENARIOS, scenario)) {
  console.error(`usage: node server.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}
const tools = SCENARIOS[scenario as keyof typeof SCENARIOS]();

const mcp = tools.pipe(
  Layer.provide(
    McpServer.layerHttp({
      name: 'mcpfs-effect-glue',
      version: '1.0.0',
      path: '/mcp',
      // The revisions the docs' layerHttp example serves; a 2025-11-25 client negotiates 2025-11-25.
      protocols: [McpProtocol.v2026_07_28, McpProtocol.v2025_11_25],
      // 403 for a foreign Origin; requests without Origin pass (layerHttp JSDoc).
      allowedOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
      // The sessions prompt: a client can end its session (DELETE → 204).
      allowSessionTermination: true,
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
