import { describe, expect, it } from 'vitest';
import { describeClientDriverLive } from '../reference/testing/client-suite.ts';
import { driver } from './2026-07-28-client.ts';
import { driverFor } from './registry.ts';
import { scenariosOf } from '../io/scenarios.ts';

describe('2026-07-28 client driver (live)', () => {
  it('is registered for 2026-07-28 client', () => {
    expect(driverFor('2026-07-28', 'client')).toBe(driver);
  });

  describeClientDriverLive(driver, scenariosOf('2026-07-28', 'client'));
});
