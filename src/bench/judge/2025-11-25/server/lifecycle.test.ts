import { describe, expect, it } from 'vitest';
import { basics, judgeOn, override, result, SERVER_INFO } from './test-logs.ts';
import {
  initializeEchoesVersion,
  initializeResultHasInfo,
  toolsCapabilityDeclared,
  unknownVersionCountered,
} from './lifecycle.ts';
import { STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { basicToolsAnswer } from './task-checkpoints.ts';
import { judges } from './index.ts';

describe('lifecycle judges', () => {
  it('returns PASS when initialize echoes 2025-11-25', () => {
    expect(judgeOn(initializeEchoesVersion, basics())).toMatchObject({ verdict: 'pass', evidence: [0] });
  });
  it('returns FAIL when initialize answers another version although another initialize showed 2025-11-25 is supported', () => {
    const r = judgeOn(
      initializeEchoesVersion,
      override(basics(), {
        [STEP.initialize]: { json: result(1, { protocolVersion: '2025-06-18', capabilities: { tools: {} } }) },
      }),
    );
    expect(r).toMatchObject({
      verdict: 'fail',
      evidence: [0, 5],
      message:
        'Expected protocolVersion 2025-11-25 in the InitializeResult, got "2025-06-18", although the server answered another initialize with 2025-11-25 (so it supports it)',
    });
  });
  it('returns NOT-APPLICABLE when the server never answers 2025-11-25 (it does not support it; the task fails instead)', () => {
    const older = (id: number) => ({
      json: result(id, { protocolVersion: '2025-06-18', capabilities: { tools: {} } }),
    });
    const exs = override(basics(), { [STEP.initialize]: older(1), [STEP.initializeUnknownVersion]: older(5) });
    expect(judgeOn(initializeEchoesVersion, exs).verdict).toBe('not-applicable');
    expect(judgeOn(basicToolsAnswer, exs).message).toBe(
      'Expected the server to speak 2025-11-25, the task\'s revision: initialize was answered with protocolVersion "2025-06-18"',
    );
  });
  it('returns FAIL when the InitializeResult names no version', () => {
    expect(
      judgeOn(
        initializeEchoesVersion,
        override(basics(), { [STEP.initialize]: { json: result(1, { capabilities: { tools: {} } }) } }),
      ).verdict,
    ).toBe('fail');
  });
  it('returns FAIL when initialize gets no response at all', () => {
    const r = judgeOn(initializeEchoesVersion, override(basics(), { [STEP.initialize]: { status: undefined } }));
    expect(r.verdict).toBe('fail');
    expect(r.message).toContain('ECONNREFUSED');
  });
  it('returns PASS when an unknown version is countered with a supported one', () => {
    expect(judgeOn(unknownVersionCountered, basics()).verdict).toBe('pass');
  });
  it('returns FAIL when the server echoes the unsupported version 1900-01-01', () => {
    const r = judgeOn(
      unknownVersionCountered,
      override(basics(), { [STEP.initializeUnknownVersion]: { json: result(5, { protocolVersion: '1900-01-01' }) } }),
    );
    expect(r).toMatchObject({ verdict: 'fail', evidence: [5] });
  });
  it('returns FAIL when the server answers an unknown version with a JSON-RPC error', () => {
    const r = judgeOn(
      unknownVersionCountered,
      override(basics(), {
        [STEP.initializeUnknownVersion]: {
          json: { jsonrpc: '2.0', id: 5, error: { code: -32602, message: 'Unsupported protocol version' } },
        },
      }),
    );
    expect(r.verdict).toBe('fail');
    expect(r.message).toContain('JSON-RPC error -32602');
  });
  it('returns PASS when capabilities.tools is declared', () => {
    expect(judgeOn(toolsCapabilityDeclared, basics()).verdict).toBe('pass');
  });
  it('returns FAIL when capabilities.tools is missing', () => {
    const r = judgeOn(
      toolsCapabilityDeclared,
      override(basics(), {
        [STEP.initialize]: { json: result(1, { protocolVersion: '2025-11-25', capabilities: {} }) },
      }),
    );
    expect(r).toMatchObject({
      verdict: 'fail',
      message: 'Expected capabilities.tools to be an object in the InitializeResult, got capabilities {}',
    });
  });
});

describe('InitializeResult capabilities and information (251125-lifecycle-98)', () => {
  it('returns PASS when every InitializeResult carries capabilities and serverInfo', () => {
    expect(judgeOn(initializeResultHasInfo, basics())).toMatchObject({
      verdict: 'pass',
      evidence: [0, 5],
      message: '2 InitializeResults carried capabilities and serverInfo ("test-server" "1.0.0")',
    });
  });
  it('returns FAIL when the InitializeResult lacks serverInfo', () => {
    const r = judgeOn(
      initializeResultHasInfo,
      override(basics(), {
        [STEP.initialize]: { json: result(1, { protocolVersion: '2025-11-25', capabilities: { tools: {} } }) },
      }),
    );
    expect(r).toMatchObject({
      verdict: 'fail',
      evidence: [0],
      message:
        'Expected the InitializeResult to carry a capabilities object and serverInfo with string name and version, got serverInfo nothing',
    });
  });
  it('returns FAIL when the unknown-version InitializeResult names no version in serverInfo', () => {
    const r = judgeOn(
      initializeResultHasInfo,
      override(basics(), {
        [STEP.initializeUnknownVersion]: {
          json: result(5, {
            protocolVersion: '2025-11-25',
            capabilities: { tools: {} },
            serverInfo: { name: SERVER_INFO.name },
          }),
        },
      }),
    );
    expect(r).toMatchObject({ verdict: 'fail', evidence: [5] });
    expect(r.message).toMatch(/got serverInfo \{"name":"test-server"\}$/);
  });
  it('returns FAIL when capabilities is not an object', () => {
    const r = judgeOn(
      initializeResultHasInfo,
      override(basics(), {
        [STEP.initialize]: { json: result(1, { protocolVersion: '2025-11-25', serverInfo: SERVER_INFO }) },
      }),
    );
    expect(r.message).toMatch(/got capabilities nothing$/);
  });
  it('returns FAIL when initialize is answered with an error', () => {
    const r = judgeOn(
      initializeResultHasInfo,
      override(basics(), {
        [STEP.initialize]: { json: { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'x' } } },
      }),
    );
    expect(r).toMatchObject({
      verdict: 'fail',
      message: 'Expected a result for initialize, got JSON-RPC error -32603 "x"',
    });
  });
});

describe('sentences bound to the negotiated revision', () => {
  const older = override(basics(), {
    [STEP.initialize]: { json: result(1, { protocolVersion: '2025-06-18', capabilities: { tools: {} } }) },
    [STEP.callAdd]: { resHeaders: [['Content-Type', 'text/plain']] },
  });
  it('returns NOT-APPLICABLE for a 2025-11-25 sentence when the session negotiated 2025-06-18', () => {
    expect(judgeOn(judges['request-content-type-json-or-sse']!, older)).toMatchObject({
      verdict: 'not-applicable',
      message:
        'the server negotiated protocol version "2025-06-18", not 2025-11-25: this revision\'s sentences do not bind the session',
    });
  });
  it('still judges that sentence, and the task, when the session negotiated 2025-11-25', () => {
    const same = override(basics(), { [STEP.callAdd]: { resHeaders: [['Content-Type', 'text/plain']] } });
    expect(judgeOn(judges['request-content-type-json-or-sse']!, same).verdict).toBe('fail');
    expect(judgeOn(judges['task-basic-tools-answer']!, older).verdict).toBe('fail');
  });
  it('binds every registered judge to the revision but the task checkpoints and the two negotiation sentences', () => {
    const NOT_BOUND = /negotiated protocol version "2025-06-18", not 2025-11-25/;
    const free = Object.keys(judges)
      .filter((slug) => !NOT_BOUND.test(judgeOn(judges[slug]!, older).message))
      .sort();
    expect(Object.keys(judges).length).toBeGreaterThan(30);
    expect(free).toEqual([
      'lifecycle-initialize-echoes-version',
      'lifecycle-unknown-version-countered',
      'task-basic-tools-answer',
      'task-countdown-streams-progress',
      'task-polled-countdowns-finish',
      'task-session-counters-answer',
      'task-square-via-task',
      'task-uncancelled-countdowns-lift-off',
    ]);
  });
});
