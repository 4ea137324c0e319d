import { describe, expect, it } from 'vitest';
import { happyPath, LogBuilder, runJudge as judge } from './test-logs.ts';

describe('http-get-issued (transports-135)', () => {
  it('returns PASS for a GET to the endpoint, FAIL without one or without an initialize', () => {
    const b = happyPath();
    b.request('GET', b.headers('GET'), undefined, { status: 405 });
    expect(judge('http-get-issued', b).verdict).toBe('pass');
    expect(judge('http-get-issued', happyPath()).message).toContain('no GET');
    const other = happyPath();
    const x = other.request('GET', other.headers('GET'), undefined, { status: 404 });
    const ev = other.events.find((e) => e.type === 'request' && e.x === x);
    if (ev?.type === 'request') ev.path = '/elsewhere';
    expect(judge('http-get-issued', other).verdict).toBe('fail');
    expect(judge('http-get-issued', new LogBuilder()).verdict).toBe('fail');
  });
});
