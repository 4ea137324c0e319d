import { describe, expect, it } from 'vitest';
import { basics, judgeOn, override } from './test-logs.ts';
import { STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { notificationRefusedWithErrorStatus } from './transport.ts';

describe('251125-transports-98: notifications the server cannot accept', () => {
  it('returns PASS when the bad notification gets 400 and the others 202', () => {
    expect(judgeOn(notificationRefusedWithErrorStatus, basics())).toMatchObject({
      verdict: 'pass',
      message: '3 notification POSTs got 202 or an HTTP error status (the jsonrpc "1.0" one: 400)',
    });
  });
  it('returns PASS when the unknown notification is refused with 400 too', () => {
    const exs = override(basics(), { [STEP.notificationUnknown]: { status: 400 } });
    expect(judgeOn(notificationRefusedWithErrorStatus, exs).verdict).toBe('pass');
  });
  it('returns FAIL when the notification it cannot accept gets 200 with an error body', () => {
    const r = judgeOn(
      notificationRefusedWithErrorStatus,
      override(basics(), { [STEP.notificationBadJsonrpc]: { status: 200 } }),
    );
    expect(r).toMatchObject({
      verdict: 'fail',
      message:
        'Expected 202 (accepted) or an HTTP error status (refused) for the notification-bad-jsonrpc POST, got status 200',
    });
  });
  it('returns FAIL when a valid notification gets 204', () => {
    const r = judgeOn(
      notificationRefusedWithErrorStatus,
      override(basics(), { [STEP.notificationUnknown]: { status: 204 } }),
    );
    expect(r.verdict).toBe('fail');
  });
  it('returns FAIL "Not testable" when the bad notification got no answer', () => {
    const r = judgeOn(notificationRefusedWithErrorStatus, override(basics(), { [STEP.notificationBadJsonrpc]: null }));
    expect(r.message).toBe(
      'Not testable: expected an answer to the jsonrpc "1.0" notification, got no such request was sent',
    );
  });
});
