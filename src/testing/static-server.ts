// A static file server for built sites in tests, as a static host would serve them: 127.0.0.1 on an ephemeral port,
// folders answer with their index.html, Content-Type by extension, and the headers of the build's `_headers` file
// (Netlify / Cloudflare Pages format) on every path they match. Always close it (afterAll).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { headerPatternMatches, parseHeadersFile } from '../site/csp.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.jsonl': 'text/plain; charset=utf-8',
  '.har': 'application/json; charset=utf-8',
};

export interface StaticServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Paths requested so far (path and query), in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Serve `dir`; `extra` answers some paths itself (e.g. a control page), before the files. */
export async function serveStatic(
  dir: string,
  extra: Record<string, { type: string; body: string }> = {},
): Promise<StaticServer> {
  const root = resolve(dir);
  const rules = existsSync(join(root, '_headers'))
    ? parseHeadersFile(readFileSync(join(root, '_headers'), 'utf8'))
    : [];
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '/');
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const headers: Record<string, string> = {};
    // Like the hosts: every matching rule applies; a header named twice is joined with a comma.
    for (const r of rules)
      if (headerPatternMatches(r.pattern, path))
        for (const [k, v] of r.headers) headers[k] = headers[k] ? `${headers[k]}, ${v}` : v;
    const own = extra[path];
    if (own) return void res.writeHead(200, { ...headers, 'content-type': own.type }).end(own.body);
    let file = resolve(root, '.' + decodeURIComponent(path));
    if (file !== root && !file.startsWith(root + sep)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file) || file.endsWith(`${sep}_headers`)) return void res.writeHead(404, headers).end();
    res
      .writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
      .end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
