import { describe, expect, it } from 'vitest';
import { basics, judgeOn, override, result, SERVER_INFO } from './test-logs.ts';
import { STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { counteredVersionLatest, toolsInputSchemaObject } from './lifecycle.ts';

const counter = (v: string) => ({
  [STEP.initializeUnknownVersion]: {
    json: result(5, { protocolVersion: v, capabilities: {}, serverInfo: SERVER_INFO }),
  },
});

describe('251125-lifecycle-172: the countered version is the latest', () => {
  it('returns PASS when 1900-01-01 is countered with 2025-11-25, the version the main initialize agreed to', () => {
    expect(judgeOn(counteredVersionLatest, basics())).toMatchObject({ verdict: 'pass', evidence: [5, 0] });
  });
  it('returns FAIL when the counter is older than a version the server agreed to', () => {
    expect(judgeOn(counteredVersionLatest, override(basics(), counter('2025-03-26')))).toMatchObject({
      verdict: 'fail',
      message:
        "Expected the countered version 2025-03-26 to be the server's latest, but it agreed to 2025-11-25 in another initialize",
    });
  });
  it('returns FAIL when the counter is no dated version', () => {
    expect(judgeOn(counteredVersionLatest, override(basics(), counter('latest'))).verdict).toBe('fail');
  });
});

const listing = (tools: unknown[]) => ({ [STEP.toolsList]: { json: result('list-1', { tools }) } });

describe('251125-tools-201: inputSchema is an object', () => {
  it('returns PASS when every listed tool has an object inputSchema', () => {
    expect(judgeOn(toolsInputSchemaObject, basics())).toMatchObject({
      verdict: 'pass',
      message: '2 listed tools had an object inputSchema',
    });
  });
  it('returns FAIL when a tool lists inputSchema null', () => {
    const exs = override(
      basics(),
      listing([
        { name: 'add', inputSchema: null },
        { name: 'echo', inputSchema: {} },
      ]),
    );
    expect(judgeOn(toolsInputSchemaObject, exs).message).toBe(
      'Expected every listed tool\'s inputSchema to be a JSON object, got inputSchema null for "add"',
    );
  });
  it('returns FAIL when a tool lacks inputSchema or the list is empty', () => {
    expect(judgeOn(toolsInputSchemaObject, override(basics(), listing([{ name: 'add' }]))).verdict).toBe('fail');
    expect(judgeOn(toolsInputSchemaObject, override(basics(), listing([]))).verdict).toBe('fail');
  });
});
