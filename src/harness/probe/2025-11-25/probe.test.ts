import { MUTANTS } from '../../oracle/2025-11-25/server/mutants.ts';
import { createOracleServer } from '../../oracle/2025-11-25/server/server.ts';
import { describeServerProber } from '../testing/server-suite.ts';
import { probe, PLANS } from './index.ts';
import { scenariosOf } from '../../io/scenarios.ts';

describeServerProber({
  revision: '2025-11-25',
  scenarios: scenariosOf('2025-11-25', 'server'),
  plans: PLANS,
  mutants: MUTANTS,
  probe,
  createOracleServer,
});
