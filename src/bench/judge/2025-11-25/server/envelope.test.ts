import { describe, expect, it } from 'vitest';
import { basics, judgeOn, override, result, type Ex } from './test-logs.ts';
import { STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { strictOf } from '../../define.ts';
import { errorCodeInteger, errorIdEchoed, messagesUtf8, resultFieldPresent } from './reused.ts';

const latin1 = (v: unknown) => Buffer.from(JSON.stringify(v), 'latin1');
const echoText = (t: string) => ({ jsonrpc: '2.0', id: 'echo-4', result: { content: [{ type: 'text', text: t }] } });
const refused = (exs: Ex[]) => exs.map((e): Ex => ({ step: e.step, req: e.req }));
const error = (id: unknown, code: unknown) => ({ jsonrpc: '2.0', id, error: { code, message: 'm' } });

describe('2025-11-25 envelope judges: UTF-8 (251125-transports-7)', () => {
  it('returns PASS when every JSON body is UTF-8, the non-ASCII echo included', () => {
    expect(judgeOn(messagesUtf8, basics()).verdict).toBe('pass');
  });
  it('returns FAIL when a JSON body is ISO-8859-1 (é as the byte 0xE9)', () => {
    const r = judgeOn(messagesUtf8, override(basics(), { [STEP.callEcho]: { bytes: latin1(echoText('héllo')) } }));
    expect(r).toMatchObject({ verdict: 'fail', evidence: [4] });
    expect(r.message).toContain('not UTF-8 (recorded as base64)');
  });
  it('returns PASS when a body is base64 only for a control character (still UTF-8)', () => {
    const bytes = Buffer.from(JSON.stringify(echoText('bell')).replace('bell', 'bell\u0007'), 'utf8');
    expect(judgeOn(messagesUtf8, override(basics(), { [STEP.callEcho]: { bytes } })).verdict).toBe('pass');
  });
  it('returns FAIL when an SSE event carries U+FFFD the request did not', () => {
    const r = judgeOn(
      messagesUtf8,
      override(basics(), { [STEP.callEcho]: { sse: [{ data: echoText('h\uFFFDllo') }], json: undefined } }),
    );
    expect(r.message).toMatch(/^Expected UTF-8 SSE data on call-echo, got bytes that do not decode/);
  });
  it('returns PASS when the SSE event echoes a U+FFFD the request itself carried', () => {
    const r = judgeOn(
      messagesUtf8,
      override(basics(), {
        [STEP.callEcho]: {
          req: {
            jsonrpc: '2.0',
            id: 'echo-4',
            method: 'tools/call',
            params: { name: 'echo', arguments: { text: '\uFFFD' } },
          },
          sse: [{ data: echoText('\uFFFD') }],
          json: undefined,
        },
      }),
    );
    expect(r.verdict).toBe('pass');
  });
  it('returns FAIL when a JSON-RPC answer declares another charset', () => {
    const r = judgeOn(
      messagesUtf8,
      override(basics(), {
        [STEP.callAdd]: { resHeaders: [['Content-Type', 'application/json; charset=ISO-8859-1']] },
      }),
    );
    expect(r.message).toBe('Expected UTF-8 messages, got Content-Type charset "iso-8859-1" on call-add');
  });
  it('ignores a plain-text body that is not a JSON-RPC message', () => {
    const r = judgeOn(
      messagesUtf8,
      override(basics(), {
        [STEP.foreignOrigin]: {
          bytes: Buffer.from('Interdit à', 'latin1'),
          resHeaders: [['Content-Type', 'text/plain']],
        },
      }),
    );
    expect(r.verdict).toBe('pass');
  });
  it('returns FAIL when the server sent no JSON-RPC message at all', () => {
    expect(judgeOn(messagesUtf8, refused(basics()))).toMatchObject({
      verdict: 'fail',
      message: 'Expected JSON-RPC messages from the server, got none',
    });
  });
});

describe('2025-11-25 envelope judges: result member (251125-basic-70)', () => {
  it('returns PASS when every non-error response carries result', () => {
    expect(judgeOn(resultFieldPresent, basics()).verdict).toBe('pass');
  });
  it('returns FAIL when tools/list is answered with the list at the top level', () => {
    const r = judgeOn(
      resultFieldPresent,
      override(basics(), { [STEP.toolsList]: { json: { jsonrpc: '2.0', id: 'list-1', tools: [] } } }),
    );
    expect(r).toMatchObject({ verdict: 'fail', evidence: [2] });
    expect(r.message).toBe(
      'Expected a result member in the response on tools-list, got {"jsonrpc":"2.0","id":"list-1","tools":[]}',
    );
  });
  it('does not count a bare {} or an error as a result response', () => {
    const r = judgeOn(resultFieldPresent, override(basics(), { [STEP.noProtocolVersion]: { json: {} } }));
    expect(r.verdict).toBe('pass');
  });
  it('returns FAIL when no result response came at all', () => {
    expect(judgeOn(resultFieldPresent, refused(basics())).message).toBe('Expected result responses, got none at all');
  });
});

/** The strict form of the contested id-echo judge (HTTP refusals included). */
const strictIdEchoed = strictOf(errorIdEchoed)!;

describe('2025-11-25 envelope judges: error ids (251125-basic-89, contested)', () => {
  it('scores the errors in accepted (2xx) answers: PASS when they carry their ids', () => {
    expect(judgeOn(errorIdEchoed, basics())).toMatchObject({
      verdict: 'pass',
      message: '1 error responses to requests the transport accepted (2xx) carried their request ids',
    });
  });
  it('scores PASS when only an HTTP refusal of a bad version header answers id null; the strict reading fails it', () => {
    const log = override(basics(), { [STEP.badProtocolVersion]: { json: error(null, -32600) } });
    expect(judgeOn(errorIdEchoed, log).verdict).toBe('pass');
    const r = judgeOn(strictIdEchoed, log);
    expect(r).toMatchObject({ verdict: 'fail', evidence: [7] });
    expect(r.message).toBe(
      'Expected the error for tools/list on bad-protocol-version (HTTP 400) to carry id 7, got id null',
    );
  });
  it('strict reading: PASS when errors to readable requests carry their ids (the 403 to a foreign Origin may lack one)', () => {
    expect(judgeOn(strictIdEchoed, basics())).toMatchObject({
      verdict: 'pass',
      message: '2 error responses to readable requests carried their request ids',
    });
  });
  it('returns FAIL under both readings when an accepted error leaves the id out, or turns it into a string', () => {
    const { id: _, ...noId } = error(9, -32601);
    for (const j of [errorIdEchoed, strictIdEchoed]) {
      expect(judgeOn(j, override(basics(), { [STEP.unknownMethod]: { json: noId } })).message).toContain('got no id');
      expect(judgeOn(j, override(basics(), { [STEP.unknownMethod]: { json: error('9', -32601) } })).message).toContain(
        'got id "9"',
      );
    }
  });
  it('returns FAIL when an error without id comes on the SSE stream of a readable request', () => {
    const sse = [{ data: { jsonrpc: '2.0', error: { code: -32601, message: 'm' } } }];
    expect(judgeOn(errorIdEchoed, override(basics(), { [STEP.unknownMethod]: { sse, json: undefined } })).verdict).toBe(
      'fail',
    );
  });
  it('strict reading: does not exempt an Origin refusal answered with another status than 403', () => {
    const r = judgeOn(strictIdEchoed, override(basics(), { [STEP.foreignOrigin]: { status: 400 } }));
    expect(r.message).toBe('Expected the error for tools/list on foreign-origin (HTTP 400) to carry id 6, got no id');
  });
  it('returns NOT-APPLICABLE when only unreadable requests (not JSON, bad envelope, a fractional id) drew errors', () => {
    const exs: Ex[] = [
      { step: 'garbage', req: 'not json{', status: 400, json: error(null, -32700) },
      { step: 'envelope', req: { jsonrpc: '1.0', id: 3, method: 'x' }, status: 400, json: error(null, -32600) },
      { step: 'fraction', req: { jsonrpc: '2.0', id: 1.5, method: 'x' }, status: 400, json: error(null, -32600) },
    ];
    expect(judgeOn(strictIdEchoed, exs).verdict).toBe('not-applicable');
    expect(judgeOn(errorIdEchoed, exs).verdict).toBe('not-applicable');
  });
});
