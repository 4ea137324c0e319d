import { describe, expect, it } from 'vitest';
import { checkpointTokens, normalizeSentence, occursIn, type TokenKind } from './tokens.ts';

const REV = '2025-11-25';
const cp = (rule: string, quote?: string, appliesWhen?: string) => ({
  rule,
  appliesWhen,
  spec: quote === undefined ? null : { id: '251125-transports-1', file: 'f.mdx', line: 1, quote },
});
/** Tokens of a checkpoint, sentences left out, as `kind:token`. */
const tokens = (rule: string, quote?: string, appliesWhen?: string, vocabulary: string[] = []) =>
  checkpointTokens(cp(rule, quote, appliesWhen), REV, vocabulary)
    .filter((t) => t.kind !== 'sentence')
    .map((t) => `${t.kind}:${t.token}`);
const only = (kind: TokenKind, rule: string, quote?: string) =>
  tokens(rule, quote).filter((t) => t.startsWith(`${kind}:`));
/** Whether the single token of `kind` derived from `rule` occurs in `text`. */
const finds = (kind: TokenKind, rule: string, text: string, quote?: string) => {
  const t = checkpointTokens(cp(rule, quote), REV).filter((x) => x.kind === kind);
  expect(t).toHaveLength(1);
  return occursIn(t[0]!, text);
};

describe('HTTP status tokens', () => {
  it('takes registered status codes, in rules and quotes', () => {
    expect(
      only(
        'http-status',
        'After DELETE of a session, a request with its id gets 404',
        'respond with HTTP 400 Bad Request',
      ),
    ).toEqual(['http-status:404', 'http-status:400']);
  });
  it('ignores durations, field values and numbers that are no status', () => {
    expect(
      only(
        'http-status',
        'After retry: 300 the client waits at least 300 ms; slow_square {"x":7,"delayMs":300}; transferred 250',
      ),
    ).toEqual([]);
  });
  it('finds the code as a number of its own, not inside another', () => {
    expect(finds('http-status', 'gets 404', 'answer with HTTP 404 Not Found')).toBe(true);
    expect(finds('http-status', 'gets 404', 'the maximum is 14045 and 404.5')).toBe(false);
  });
});

describe('JSON-RPC error tokens', () => {
  it('takes -32xxx codes and the names beside them', () => {
    expect(tokens('gets JSON-RPC error -32601', 'Servers **MUST** return a `-32601` (Method not found) error')).toEqual(
      ['jsonrpc-code:-32601', 'error-name:Method not found'],
    );
  });
  it('takes *Error type names and a name right before "JSON-RPC error"', () => {
    expect(
      only(
        'error-name',
        'A MissingRequiredClientCapabilityError comes with 400',
        'reject it with a `HeaderMismatch` JSON-RPC error',
      ),
    ).toEqual(['error-name:MissingRequiredClientCapabilityError', 'error-name:HeaderMismatch']);
  });
  it('leaves result and request type names alone (they are task vocabulary)', () => {
    expect(
      only('error-name', 'A task-augmented call is answered with a CreateTaskResult after the InitializeResult'),
    ).toEqual([]);
  });
  it('finds a code with or without its minus sign', () => {
    expect(finds('jsonrpc-code', 'gets -32602', 'answer with error code 32602')).toBe(true);
    expect(finds('jsonrpc-code', 'gets -32602', 'answer with error code -326020')).toBe(false);
  });
});

describe('header tokens', () => {
  it('takes hyphenated Title-Case names and drops a template tail', () => {
    expect(
      only(
        'header',
        'Every request carries the MCP-Session-Id; Last-Event-ID equals the id; Mcp-Param-{Name} mirrors it',
      ),
    ).toEqual(['header:MCP-Session-Id', 'header:Last-Event-ID', 'header:Mcp-Param']);
  });
  it('takes one-word names only before "header", and not English words or JSON-RPC', () => {
    expect(
      only(
        'header',
        'Every POST has an Accept header over JSON-RPC',
        'If the `Origin` header is present. The header value MUST match; MCP headers; HTTP headers',
      ),
    ).toEqual(['header:Accept', 'header:Origin']);
  });
  it('matches a template family member, and one-word headers only capitalized', () => {
    expect(finds('header', 'sent as Mcp-Param-{Name}', 'send Mcp-Param-Region: us')).toBe(true);
    expect(finds('header', 'Every POST has an Accept header', 'the client may accept any answer')).toBe(false);
    expect(finds('header', 'Every POST has an Accept header', 'send Accept: text/event-stream')).toBe(true);
  });
});

describe('method, media type and field tokens', () => {
  it('takes upper-case HTTP methods and never the verbs', () => {
    expect(only('http-method', 'After DELETE the client must GET the stream', 'clients get and post')).toEqual([
      'http-method:DELETE',
      'http-method:GET',
    ]);
    expect(finds('http-method', 'resume with GET', 'call get_secret, then get the result')).toBe(false);
  });
  it('takes media types but not method names', () => {
    expect(only('media-type', 'answered with application/json or text/event-stream after tools/call')).toEqual([
      'media-type:application/json',
      'media-type:text/event-stream',
    ]);
  });
  it('takes camelCase members, dotted paths, _meta and io.modelcontextprotocol keys', () => {
    expect(
      only(
        'field',
        'Every result carries resultType and _meta io.modelcontextprotocol/serverInfo; -32022 with data.supported',
      ),
    ).toEqual(['field:io.modelcontextprotocol/serverInfo', 'field:resultType', 'field:data.supported', 'field:_meta']);
  });
  it('ignores URLs, abbreviations and link targets', () => {
    expect(
      only(
        'field',
        'Origin: http://evil.example, e.g. this',
        'see [ISO 8601](https://datatracker.ietf.org/doc/html/rfc3339#section-5)',
      ),
    ).toEqual([]);
  });
  it('takes a one-word code span of the quote only when the rule names it standalone', () => {
    expect(
      only(
        'field',
        'tasks/get results include ttl (a number or null)',
        'include the actual `ttl` duration (or `null` for unlimited)',
      ),
    ).toEqual(['field:ttl', 'field:null']);
    expect(
      only(
        'field',
        'After each InitializeResult the client POSTs notifications/initialized',
        'send an `initialized` notification',
      ),
    ).toEqual([]);
  });
  it('drops task vocabulary: method names, features, JSON-RPC members, tool and parameter names', () => {
    expect(
      tokens(
        'tools/call of slow_square with delayMs returns an error with a code',
        'declare a `tasks` capability with `code`',
        undefined,
        ['slow_square', 'delayMs'],
      ),
    ).toEqual([]);
  });
});

describe('rule words and probe values', () => {
  it('takes the SSE event and id rule words the checkpoint names', () => {
    expect(
      only(
        'rule-word',
        'Every SSE stream starts with a priming event that has an event id; replays exclude other streams',
      ),
    ).toEqual(['rule-word:priming', 'rule-word:event id', 'rule-word:replay']);
  });
  it('takes "retry" only as the SSE field, not as the multi round-trip retry', () => {
    expect(only('rule-word', 'After the cut following retry: 300 the client waits')).toEqual(['rule-word:retry']);
    expect(only('rule-word', 'A retry after an InputRequiredResult carries the state')).toEqual([]);
  });
  it('takes probe values other than the scenario revision', () => {
    expect(
      only(
        'probe-value',
        'A POST with Origin: http://evil.example and version 1900-01-01 (the scenario speaks 2025-11-25)',
      ),
    ).toEqual(['probe-value:1900-01-01', 'probe-value:http://evil.example']);
  });
});

describe('sentence tokens', () => {
  it('normalizes markdown, links, case and final punctuation', () => {
    expect(normalizeSentence('The server **MUST** send the [`Last-Event-ID`](https://x.example) header.')).toBe(
      'the server must send the last-event-id header',
    );
  });
  it('finds the quoted sentence in a prompt that copies it, whatever its markdown', () => {
    const [t] = checkpointTokens(cp('rule', 'Notifications **MUST NOT** include an ID.'), REV).filter(
      (x) => x.kind === 'sentence',
    );
    expect(occursIn(t!, 'Remember:\nnotifications MUST NOT\ninclude an _ID_.')).toBe(true);
    expect(occursIn(t!, 'Notifications carry no id.')).toBe(false);
  });
});
