import { describe, expect, it } from 'vitest';
import { MUTANTS } from '../../oracle/2026-07-28/server/mutants.ts';
import { createOracleServer } from '../../oracle/2026-07-28/server/server.ts';
import { StateSealer } from '../../oracle/2026-07-28/server/tools.ts';
import { describeServerProber } from '../testing/server-suite.ts';
import { probe, PLANS } from './index.ts';
import { tamper } from './scenario-plans.ts';
import { scenariosOf } from '../../io/scenarios.ts';

describeServerProber(
  {
    revision: '2026-07-28',
    scenarios: scenariosOf('2026-07-28', 'server'),
    plans: PLANS,
    mutants: MUTANTS,
    probe,
    createOracleServer,
  },
  120_000,
);

describe('tamper (forged requestState)', () => {
  it('raises the amount inside a Base64-JSON state and keeps the signature part', () => {
    const naive = Buffer.from(JSON.stringify({ amount: 250 })).toString('base64');
    expect(JSON.parse(Buffer.from(tamper(naive), 'base64').toString('utf8'))).toEqual({ amount: 999999 });
    const sealed = new StateSealer().seal({ tool: 'confirm_transfer', amount: 250 });
    const forged = tamper(sealed);
    expect(forged.split('.')[1]).toBe(sealed.split('.')[1]);
    expect(forged).not.toBe(sealed);
  });
  it('changes one character of an opaque state', () => {
    const t = tamper('!!opaque-state!!');
    expect(t).toHaveLength(16);
    expect(t).not.toBe('!!opaque-state!!');
  });
  it('makes a sealed state fail verification, while the untouched one verifies', () => {
    const s = new StateSealer();
    const sealed = s.seal({ amount: 250 });
    expect(s.open(sealed)).toEqual({ amount: 250 });
    expect(s.open(tamper(sealed))).toBeUndefined();
  });
});
