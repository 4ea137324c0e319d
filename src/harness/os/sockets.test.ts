import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { clientWatch, connectedTo, listenersOn, procInfo } from './sockets.ts';

const children: ChildProcess[] = [];
let server: Server | undefined;
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  server?.close();
  server = undefined;
});

/** A child node process running `code`; resolves with its first line of output. */
async function child(code: string, env: Record<string, string> = {}): Promise<{ c: ChildProcess; line: string }> {
  const c = spawn(process.execPath, ['-e', code, 'mcpfs-socket-test'], {
    cwd: tmpdir(),
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(c);
  const [b] = (await once(c.stdout!, 'data')) as [Buffer];
  return { c, line: b.toString().trim() };
}

describe('sockets from /proc', () => {
  it('names the process listening on a port, not the others', async () => {
    const { c, line } = await child(
      "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => console.log(s.address().port))",
      { SOME_FLAG: '1', MCPFS_TRIAL: 'abc' },
    );
    const port = Number(line);
    expect(listenersOn(port, [process.pid, c.pid!])).toEqual([c.pid]);
    expect(listenersOn(port + 1 === 65536 ? 1 : port + 1, [c.pid!])).toEqual([]);
    expect(procInfo(c.pid!)).toEqual({
      argv: [process.execPath, '-e', expect.stringContaining('createServer'), 'mcpfs-socket-test'],
      cwd: tmpdir(),
      // Sorted names only; the harness's own marker is left out.
      env: ['PATH', 'SOME_FLAG'],
    });
  });

  it('names the process connected to a port, not the server side of the same connection', async () => {
    server = createServer();
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const accepted = once(server, 'connection');
    const port = (server.address() as { port: number }).port;
    const { c } = await child(
      `const s = require('node:net').connect(${port}, '127.0.0.1', () => console.log('connected')); setInterval(() => {}, 1000)`,
    );
    await accepted;
    expect(connectedTo(port, [process.pid, c.pid!])).toEqual([c.pid]);
    // Our own accepted socket has the port as its local port: not a connection *to* it.
    expect(connectedTo(port, [process.pid])).toEqual([]);
    expect(listenersOn(port, [process.pid, c.pid!])).toEqual([process.pid]);
  });

  it('watches for clients: looks a connection up once, and a new one again', async () => {
    server = createServer();
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const calls: number[][] = [];
    const look = clientWatch(
      port,
      () => 'self',
      () => [process.pid, ...children.map((c) => c.pid!)],
      (p) => calls.push(p),
    );
    look();
    expect(calls).toEqual([]);
    const hold = `const s = require('node:net').connect(${port}, '127.0.0.1', () => console.log('connected')); setInterval(() => {}, 1000)`;
    const accepted = once(server, 'connection');
    const { c: a } = await child(hold);
    await accepted;
    look();
    look();
    expect(calls).toEqual([[a.pid]]);
    const again = once(server, 'connection');
    const { c: b } = await child(hold);
    await again;
    look();
    expect(calls).toEqual([[a.pid], [a.pid, b.pid]]);
  });

  it('knows nothing of a process that is gone', async () => {
    const { c } = await child("console.log('up')");
    await once(c, 'exit');
    expect(procInfo(c.pid!)).toBeUndefined();
    expect(listenersOn(1, [c.pid!])).toEqual([]);
  });
});
