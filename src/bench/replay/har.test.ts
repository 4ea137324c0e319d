import { describe, expect, it } from 'vitest';
import { bigWireLog, hostileWireLog } from './fixtures.ts';
import { toHar } from './har.ts';

type J = Record<string, unknown>;

/**
 * Required fields of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), checked by hand: the log, creator,
 * entries with request, response, content, cache and timings; name/value pairs; send/wait/receive ≥ 0 (others -1 or
 * ≥ 0); `time` equal to the sum of the known timings; ISO 8601 start times.
 */
function harProblems(har: unknown): string[] {
  const out: string[] = [];
  const need = (o: unknown, path: string, fields: Record<string, 'string' | 'number' | 'object' | 'array'>) => {
    if (typeof o !== 'object' || o === null) return void out.push(`${path}: not an object`);
    for (const [k, type] of Object.entries(fields)) {
      const v = (o as J)[k];
      const ok =
        type === 'array'
          ? Array.isArray(v)
          : type === 'object'
            ? typeof v === 'object' && v !== null && !Array.isArray(v)
            : typeof v === type;
      if (!ok) out.push(`${path}.${k}: expected ${type}`);
    }
  };
  const pairs = (list: unknown, path: string) =>
    (Array.isArray(list) ? list : []).forEach((p, i) => need(p, `${path}[${i}]`, { name: 'string', value: 'string' }));
  need(har, 'har', { log: 'object' });
  const log = (har as J).log as J;
  need(log, 'log', { version: 'string', creator: 'object', entries: 'array' });
  if (log.version !== '1.2') out.push('log.version: expected "1.2"');
  need(log.creator, 'log.creator', { name: 'string', version: 'string' });
  (Array.isArray(log.entries) ? (log.entries as unknown[]) : []).forEach((e, i) => {
    const p = `log.entries[${i}]`;
    need(e, p, {
      startedDateTime: 'string',
      time: 'number',
      request: 'object',
      response: 'object',
      cache: 'object',
      timings: 'object',
    });
    const en = e as J;
    if (Number.isNaN(Date.parse(String(en.startedDateTime))) || !/T.*Z$/.test(String(en.startedDateTime)))
      out.push(`${p}.startedDateTime: not ISO 8601`);
    need(en.request, `${p}.request`, {
      method: 'string',
      url: 'string',
      httpVersion: 'string',
      cookies: 'array',
      headers: 'array',
      queryString: 'array',
      headersSize: 'number',
      bodySize: 'number',
    });
    const rq = en.request as J;
    try {
      new URL(String(rq.url));
    } catch {
      out.push(`${p}.request.url: not absolute`);
    }
    pairs(rq.headers, `${p}.request.headers`);
    pairs(rq.queryString, `${p}.request.queryString`);
    if (rq.postData !== undefined) need(rq.postData, `${p}.request.postData`, { mimeType: 'string', text: 'string' });
    need(en.response, `${p}.response`, {
      status: 'number',
      statusText: 'string',
      httpVersion: 'string',
      cookies: 'array',
      headers: 'array',
      content: 'object',
      redirectURL: 'string',
      headersSize: 'number',
      bodySize: 'number',
    });
    const rs = en.response as J;
    pairs(rs.headers, `${p}.response.headers`);
    need(rs.content, `${p}.response.content`, { size: 'number', mimeType: 'string' });
    need(en.timings, `${p}.timings`, { send: 'number', wait: 'number', receive: 'number' });
    const tm = (en.timings ?? {}) as Record<string, number>;
    let sum = 0;
    for (const k of ['blocked', 'dns', 'connect', 'send', 'wait', 'receive', 'ssl']) {
      const val = tm[k];
      if (val === undefined) continue;
      if (val < -1 || (['send', 'wait', 'receive'].includes(k) && val < 0)) out.push(`${p}.timings.${k}: ${val}`);
      if (val > 0 && k !== 'ssl') sum += val;
    }
    if (en.timings && Math.abs(sum - Number(en.time)) > 0.01)
      out.push(`${p}.time: ${String(en.time)} is not the sum of timings ${sum}`);
  });
  return out;
}

describe('toHar', () => {
  const har = toHar(hostileWireLog(), { name: 'mcp-from-scratch', version: '0.1.0' }, 'trial t1');
  const entries = har.log.entries;

  it('writes a HAR 1.2 log with every required field', () => {
    expect(harProblems(JSON.parse(JSON.stringify(har)))).toEqual([]);
  });

  it('the validator rejects a log missing required fields', () => {
    const broken = JSON.parse(JSON.stringify(har)) as { log: { entries: J[] } };
    delete (broken.log.entries[0]!.request as J).headers;
    delete broken.log.entries[1]!.timings;
    expect(harProblems(broken)).toEqual(
      expect.arrayContaining([
        'log.entries[0].request.headers: expected array',
        'log.entries[1].timings: not an object',
      ]),
    );
  });

  it('writes one entry per exchange, in order, with absolute URLs from the Host header', () => {
    expect(entries).toHaveLength(8);
    expect(entries[0]!.request.url).toBe('http://127.0.0.1:41234/mcp');
    expect(entries[0]!.startedDateTime).toBe('2026-11-01T10:00:05.001Z');
    expect(entries[7]!.request.queryString.map((q) => q.name)).toEqual(['next', 'q']);
  });

  it('writes SSE bodies as event-stream text', () => {
    const c = entries[1]!.response.content;
    expect(c.mimeType).toBe('text/event-stream');
    expect(c.text).toContain('event: message\nid: e3\ndata: {"jsonrpc"');
  });

  it('keeps the true size of a truncated body and says it was truncated', () => {
    const c = entries[4]!.response.content;
    expect(c.size).toBeGreaterThan(2048);
    expect(c.comment).toMatch(/truncated.*2048 of \d+ bytes/);
  });

  it('marks a transport error with status 0 and keeps binary bodies base64', () => {
    expect(entries[5]!.response.status).toBe(0);
    expect(entries[5]!.response._error).toContain('ECONNRESET');
    expect(entries[6]!.response.content.encoding).toBe('base64');
  });

  it('derives timings from the recorder clock', () => {
    expect(entries[1]!.timings).toMatchObject({ send: 0, wait: 2, receive: 20 });
    expect(entries[1]!.time).toBe(22);
  });

  it('stays valid for a 2,000-exchange log', () => {
    expect(harProblems(toHar(bigWireLog(2000), { name: 'x', version: '1' }))).toEqual([]);
  });
});
