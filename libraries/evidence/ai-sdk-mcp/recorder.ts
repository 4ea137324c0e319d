// A tiny recording MCP server for the @ai-sdk/mcp client evidence, in the style of ../recorder.ts (hand-written, no
// code shared with the benchmark's reference servers): one fixed script per case, every raw request and response
// printed in arrival order, the client under test run with MCP_SERVER_URL pointing at it. Usage:
// `node recorder.ts <script> -- <client command…>`; exits when the client exits (or after 8 s). Scripts (2025-11-25
// ones keep a session "s1", "s2", …; GET is answered 405):
// - call-tool: initialize, tools/list, get_secret "s3cr3t", submit_answer "accepted".
// - slow-server: as call-tool, but the first get_secret is never answered (the transcript notes when the client
//   closes that request's connection); the second is answered.
// - sse-resume: get_token "tok-1" as JSON; get_secret as SSE: a priming event (id "e1", empty data), then the
//   connection is closed; a GET with Last-Event-ID "e1" gets the result "s3cr3t" as an SSE event.
// - version-mismatch: the first initialize is answered with protocolVersion 2030-01-01 (session "s1"), later ones
//   with 2025-11-25.
// - server-drift (2026-07-28): stateless, POST only; server/discover offers 2026-07-28; get_secret is answered with
//   resultType "deferred" (a result type the client cannot know) carrying the text "s3cr3t"; submit_answer "accepted".
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

type Rpc = { id?: unknown; method?: string; params?: { name?: string } };
/** A reply: JSON (status, headers, body), an SSE body written as is, or none (the request is left hanging). */
type Reply = { status: number; headers?: Record<string, string>; body?: unknown; sse?: string } | 'hang';

const text = (t: string) => ({ content: [{ type: 'text', text: t }] });
const TOOLS = {
  tools: [
    { name: 'get_token', inputSchema: { type: 'object', properties: {} } },
    { name: 'get_secret', inputSchema: { type: 'object', properties: { token: { type: 'string' } } } },
    { name: 'submit_answer', inputSchema: { type: 'object', properties: { answer: { type: 'string' } } } },
  ],
};

/** A 2025-11-25 session server; `tool` answers tools/call (return undefined for the default answers). */
function legacy(opts: {
  version?: (n: number) => string;
  tool?: (name: string | undefined, rpc: Rpc, req: IncomingMessage) => Reply | undefined;
  get?: (req: IncomingMessage) => Reply;
}) {
  let sessions = 0;
  return (req: IncomingMessage, rpc: Rpc | undefined): Reply => {
    if (req.method === 'GET') return opts.get?.(req) ?? { status: 405 };
    if (req.method === 'DELETE') return { status: 200 };
    const reply = (result: object) => ({ status: 200, body: { jsonrpc: '2.0', id: rpc?.id, result } });
    if (rpc?.method === 'initialize') {
      const n = ++sessions;
      return {
        ...reply({
          protocolVersion: opts.version?.(n) ?? '2025-11-25',
          capabilities: { tools: {} },
          serverInfo: { name: 'recorder', version: '1.0.0' },
        }),
        headers: { 'mcp-session-id': `s${n}` },
      };
    }
    if (rpc?.id === undefined) return { status: 202 };
    if (rpc.method === 'tools/list') return reply(TOOLS);
    const name = rpc.params?.name;
    return (
      opts.tool?.(name, rpc, req) ??
      reply(text(name === 'get_token' ? 'tok-1' : name === 'submit_answer' ? 'accepted' : 's3cr3t'))
    );
  };
}

const SCRIPTS: Record<string, (req: IncomingMessage, rpc: Rpc | undefined) => Reply> = {
  'call-tool': legacy({}),
  'slow-server': (() => {
    let secrets = 0;
    return legacy({ tool: (name) => (name === 'get_secret' && ++secrets === 1 ? 'hang' : undefined) });
  })(),
  'sse-resume': (() => {
    let pending: unknown;
    return legacy({
      tool: (name, rpc) => {
        if (name !== 'get_secret') return undefined;
        pending = rpc.id;
        return { status: 200, headers: { 'content-type': 'text/event-stream' }, sse: 'id: e1\ndata: \n\n' };
      },
      get: (req) =>
        req.headers['last-event-id'] === 'e1' && pending !== undefined
          ? {
              status: 200,
              headers: { 'content-type': 'text/event-stream' },
              sse: `id: e2\nevent: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: pending, result: text('s3cr3t') })}\n\n`,
            }
          : { status: 405 },
    });
  })(),
  'version-mismatch': legacy({ version: (n) => (n === 1 ? '2030-01-01' : '2025-11-25') }),
  'server-drift': (req, rpc) => {
    if (req.method !== 'POST') return { status: 405 };
    if (rpc?.id === undefined) return { status: 202 };
    const reply = (result: object) => ({ status: 200, body: { jsonrpc: '2.0', id: rpc.id, result } });
    if (rpc.method === 'server/discover')
      return reply({
        resultType: 'complete',
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: {} },
        serverInfo: { name: 'recorder', version: '1.0.0' },
      });
    if (rpc.method === 'tools/list')
      return reply({ resultType: 'complete', ...TOOLS, ttlMs: 0, cacheScope: 'private' });
    const name = rpc.params?.name;
    if (name === 'get_secret') return reply({ resultType: 'deferred', ...text('s3cr3t') });
    return reply({ resultType: 'complete', ...text(name === 'get_token' ? 'tok-1' : 'accepted') });
  },
};

const [script, sep, ...command] = process.argv.slice(2);
const play = SCRIPTS[script ?? ''];
if (!play || sep !== '--' || command.length === 0) {
  console.error(`usage: node recorder.ts <${Object.keys(SCRIPTS).join('|')}> -- <client command…>`);
  process.exit(2);
}

let n = 0;
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    const x = n++;
    console.log(`>>> #${x} ${req.method} ${req.url} HTTP/${req.httpVersion}`);
    for (let i = 0; i < req.rawHeaders.length; i += 2)
      console.log(`>>> ${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    if (body) console.log(`>>>\n>>> ${body}`);
    let rpc: Rpc | undefined;
    try {
      rpc = body ? (JSON.parse(body) as Rpc) : undefined;
    } catch {
      rpc = undefined;
    }
    const reply = play(req, rpc);
    if (reply === 'hang') {
      console.log(`<<< #${x} (no answer)\n`);
      res.on('close', () => console.log(`--- #${x} the client closed the connection (no answer was sent)\n`));
      return;
    }
    const out = reply.sse ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    const headers = { ...(out && !reply.sse ? { 'content-type': 'application/json' } : {}), ...reply.headers };
    res.writeHead(reply.status, headers).end(out);
    console.log(
      `<<< #${x} ${reply.status}${Object.entries(headers)
        .map(([k, v]) => `\n<<< ${k}: ${v}`)
        .join(
          '',
        )}${out ? `\n<<<\n<<< ${out.trimEnd().split('\n').join('\n<<< ')}` : ''}${reply.sse ? '\n--- (connection closed by the server)' : ''}\n`,
    );
  });
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, MCP_SERVER_URL: `http://127.0.0.1:${port}/mcp` },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
  child.on('exit', (code, signal) => {
    clearTimeout(timer);
    console.log(`--- client exited (${signal ?? `code ${code}`}) after ${n} request(s)`);
    server.close();
    process.exit(0);
  });
});
