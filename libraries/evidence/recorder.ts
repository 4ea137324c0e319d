// A tiny recording MCP server for client-role evidence, hand-written for it (no code shared with the benchmark's
// reference servers): it plays one fixed script, prints every raw request and response, and runs the client under
// test with MCP_SERVER_URL pointing at it. Usage: `node recorder.ts <script> -- <client command…>`; exits when the
// client exits (or after 20 s). Scripts:
// - session-expiry (2025-11-25): initialize issues session "s1"; every later request carrying "s1" gets 404 (the
//   session has expired: notifications still get 202, so the first tools/call meets it); an initialize without a session id issues "s2", on which get_secret answers "s3cr3t" and
//   submit_answer answers "accepted".
// - param-headers (2026-07-28): stateless; server/discover offers 2026-07-28; tools/list (with the result fields the
//   2026-07-28 schema requires: resultType, ttlMs, cacheScope) lists entrée, get_secret (x-mcp-header on string,
//   integer and boolean parameters, one nested), get_secret_fast (x-mcp-header on a number: an invalid definition)
//   and submit_answer; every tools/call is answered (entrée "tok-1", get_secret and get_secret_fast "s3cr3t",
//   submit_answer "accepted"). It validates nothing: the transcript shows what the client sent.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

type Reply = { status: number; headers?: Record<string, string>; body?: unknown };
type Rpc = { id?: unknown; method?: string; params?: { name?: string; protocolVersion?: string } };

const text = (t: string) => ({ content: [{ type: 'text', text: t }] });
const SCRIPTS: Record<string, (req: IncomingMessage, rpc: Rpc | undefined) => Reply> = {
  'session-expiry': (() => {
    let sessions = 0;
    return (req, rpc) => {
      const sid = req.headers['mcp-session-id'];
      if (req.method === 'GET') return { status: 405 };
      if (req.method === 'DELETE') return { status: 200 };
      if (rpc?.method === 'initialize' && sid === undefined) {
        const id = `s${++sessions}`;
        return {
          status: 200,
          headers: { 'mcp-session-id': id },
          body: {
            jsonrpc: '2.0',
            id: rpc.id,
            result: {
              protocolVersion: '2025-11-25',
              capabilities: { tools: {} },
              serverInfo: { name: 'recorder', version: '1.0.0' },
            },
          },
        };
      }
      if (sid === 's1' && rpc?.id !== undefined)
        return {
          status: 404,
          body: { jsonrpc: '2.0', id: rpc?.id ?? null, error: { code: -32001, message: 'Session not found' } },
        };
      if (rpc?.id === undefined) return { status: 202 };
      if (rpc.method === 'tools/list')
        return {
          status: 200,
          body: {
            jsonrpc: '2.0',
            id: rpc.id,
            result: {
              tools: [
                { name: 'get_secret', inputSchema: { type: 'object' } },
                { name: 'submit_answer', inputSchema: { type: 'object', properties: { answer: { type: 'string' } } } },
              ],
            },
          },
        };
      const tool = rpc.params?.name;
      return {
        status: 200,
        body: {
          jsonrpc: '2.0',
          id: rpc.id,
          result: text(tool === 'get_secret' ? 's3cr3t' : tool === 'submit_answer' ? 'accepted' : 'unknown tool'),
        },
      };
    };
  })(),
};

const initResult = (id: unknown, protocolVersion: string, capabilities: object = { tools: {} }) => ({
  jsonrpc: '2.0',
  id,
  result: { protocolVersion, capabilities, serverInfo: { name: 'recorder', version: '1.0.0' } },
});
const toolAnswer = (id: unknown, tool: string | undefined) => ({
  jsonrpc: '2.0',
  id,
  result: text(tool === 'get_secret' ? 's3cr3t' : tool === 'submit_answer' ? 'accepted' : 'unknown tool'),
});

SCRIPTS['task-call'] = (() => {
  let polls = 0;
  const task = (status: string) => ({
    taskId: 't1',
    status,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastUpdatedAt: '2026-01-01T00:00:00.000Z',
    ttl: 60000,
    pollInterval: 250,
  });
  return (req, rpc) => {
    if (req.method === 'GET') return { status: 405 };
    if (req.method === 'DELETE') return { status: 200 };
    if (rpc?.method === 'initialize')
      return {
        status: 200,
        headers: { 'mcp-session-id': 's1' },
        body: initResult(rpc.id, '2025-11-25', { tools: {}, tasks: { requests: { tools: { call: {} } } } }),
      };
    if (rpc?.id === undefined) return { status: 202 };
    const reply = (result: object) => ({ status: 200, body: { jsonrpc: '2.0', id: rpc.id, result } });
    if (rpc.method === 'tools/list')
      return reply({
        tools: [
          { name: 'get_secret', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } },
          { name: 'submit_answer', inputSchema: { type: 'object', properties: { answer: { type: 'string' } } } },
        ],
      });
    if (rpc.method === 'tools/call' && rpc.params?.name === 'get_secret') return reply({ task: task('working') });
    if (rpc.method === 'tasks/get') return reply(task(++polls > 2 ? 'completed' : 'working'));
    if (rpc.method === 'tasks/result')
      return reply({ ...text('s3cr3t'), _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't1' } } });
    return { status: 200, body: toolAnswer(rpc.id, rpc.params?.name) };
  };
})();

/** Scripts whose transcript shows the time between the previous response and each request (pacing is the point). */
const TIMED = new Set(['task-call']);

const complete = (id: unknown, result: object) => ({
  jsonrpc: '2.0',
  id,
  result: { resultType: 'complete', ...result },
});
const str = (h?: string) => ({ type: 'string', ...(h ? { 'x-mcp-header': h } : {}) });
const SECRET_PARAMS = {
  token: str(),
  region: str('Region'),
  greeting: str('Greeting'),
  padded: str('Padded'),
  literal: str('Literal'),
  shard: { type: 'integer', 'x-mcp-header': 'Shard' },
  verbose: { type: 'boolean', 'x-mcp-header': 'Verbose' },
  trace: { type: ['string', 'null'] },
  options: { type: 'object', properties: { tier: str('Tier') } },
  note: str('Note'),
};
SCRIPTS['param-headers'] = (req, rpc) => {
  if (req.method !== 'POST') return { status: 405 };
  if (rpc?.id === undefined) return { status: 202 };
  if (rpc.method === 'server/discover')
    return {
      status: 200,
      body: complete(rpc.id, {
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: {} },
        serverInfo: { name: 'recorder', version: '1.0.0' },
      }),
    };
  if (rpc.method === 'tools/list') {
    const tools = [
      { name: 'entrée', inputSchema: { type: 'object', properties: {} } },
      { name: 'get_secret', inputSchema: { type: 'object', properties: SECRET_PARAMS, required: ['token'] } },
      {
        name: 'get_secret_fast',
        inputSchema: {
          type: 'object',
          properties: { ...SECRET_PARAMS, budget: { type: 'number', 'x-mcp-header': 'Budget' } },
          required: ['token'],
        },
      },
      { name: 'submit_answer', inputSchema: { type: 'object', properties: { answer: str() }, required: ['answer'] } },
    ];
    return { status: 200, body: complete(rpc.id, { tools, ttlMs: 0, cacheScope: 'private' }) };
  }
  const tool = rpc.params?.name;
  return {
    status: 200,
    body: complete(rpc.id, text(tool === 'entrée' ? 'tok-1' : tool === 'submit_answer' ? 'accepted' : 's3cr3t')),
  };
};

const [script, sep, ...command] = process.argv.slice(2);
const play = SCRIPTS[script ?? ''];
if (!play || sep !== '--' || command.length === 0) {
  console.error(`usage: node recorder.ts <${Object.keys(SCRIPTS).join('|')}> -- <client command…>`);
  process.exit(2);
}

let n = 0;
let lastResponseAt: number | undefined;
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    const x = n++;
    if (TIMED.has(script!) && lastResponseAt !== undefined)
      console.log(`=== +${Math.round(performance.now() - lastResponseAt)} ms since the previous response`);
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
    const out = reply.body === undefined ? '' : JSON.stringify(reply.body);
    const headers = { ...(out ? { 'content-type': 'application/json' } : {}), ...reply.headers };
    res.writeHead(reply.status, headers).end(out);
    lastResponseAt = performance.now();
    console.log(
      `<<< #${x} ${reply.status}${Object.entries(headers)
        .map(([k, v]) => `\n<<< ${k}: ${v}`)
        .join('')}${out ? `\n<<<\n<<< ${out}` : ''}\n`,
    );
  });
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, MCP_SERVER_URL: `http://127.0.0.1:${port}/mcp` },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  child.on('exit', (code, signal) => {
    clearTimeout(timer);
    console.log(`--- client exited (${signal ?? `code ${code}`}) after ${n} request(s)`);
    server.close();
    process.exit(0);
  });
});
