// Test-only: the part of GitHub's REST API a pull request's preview calls (scripts/deploy/github.ts), on 127.0.0.1 at
// an ephemeral port: pull requests by number, and their issue comments listed (paged), created and edited. Calls
// without the expected token get 401, as GitHub's would. Always close it (afterEach).
import { createServer } from 'node:http';

export interface FakeComment {
  id: number;
  issue: number;
  body: string;
  user: { login: string };
}

export interface FakePull {
  number: number;
  state: 'open' | 'closed';
  head: { sha: string; repo: { full_name: string } | null };
}

export interface FakeGitHub {
  /** `http://127.0.0.1:<port>`: the API base (GITHUB_API_URL). */
  api: string;
  /** Method and path of every call, in order. */
  calls: string[];
  pulls: Map<number, FakePull>;
  comments: FakeComment[];
  close(): Promise<void>;
}

/** A fake API for repository `repo`, answering calls made with `token`. */
export async function fakeGitHub(repo: string, token: string): Promise<FakeGitHub> {
  const calls: string[] = [];
  const pulls = new Map<number, FakePull>();
  const comments: FakeComment[] = [];
  let nextId = 1000;
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8').on('data', (s: string) => (raw += s));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      calls.push(`${req.method} ${url.pathname}${url.search}`);
      const send = (status: number, body: unknown) =>
        void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== `Bearer ${token}`) return send(401, { message: 'Bad credentials' });
      const base = `/repos/${repo}`;
      let m: RegExpMatchArray | null;
      if (req.method === 'GET' && (m = url.pathname.match(new RegExp(`^${base}/pulls/(\\d+)$`)))) {
        const pull = pulls.get(Number(m[1]));
        return pull ? send(200, pull) : send(404, { message: 'Not Found' });
      }
      if ((m = url.pathname.match(new RegExp(`^${base}/issues/(\\d+)/comments$`)))) {
        const issue = Number(m[1]);
        if (req.method === 'GET') {
          const per = Math.min(Number(url.searchParams.get('per_page') ?? 30), 100);
          const page = Number(url.searchParams.get('page') ?? 1);
          return send(200, comments.filter((c) => c.issue === issue).slice((page - 1) * per, page * per));
        }
        if (req.method === 'POST') {
          const c = {
            id: nextId++,
            issue,
            body: (JSON.parse(raw) as { body: string }).body,
            user: { login: 'github-actions[bot]' },
          };
          comments.push(c);
          return send(201, c);
        }
      }
      if (req.method === 'PATCH' && (m = url.pathname.match(new RegExp(`^${base}/issues/comments/(\\d+)$`)))) {
        const c = comments.find((x) => x.id === Number(m![1]));
        if (!c) return send(404, { message: 'Not Found' });
        c.body = (JSON.parse(raw) as { body: string }).body;
        return send(200, c);
      }
      send(404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    api: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    calls,
    pulls,
    comments,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
