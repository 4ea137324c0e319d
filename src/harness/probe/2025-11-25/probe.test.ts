import { MUTANTS } from '../../oracle/2025-11-25/server/mutants.ts';
import { createOracleServer } from '../../oracle/2025-11-25/server/server.ts';
import { describeServerProber } from '../testing/server-suite.ts';
import { probe, PLANS } from './index.ts';
import { scenariosOf } from '../../io/scenarios.ts';

// The mutant sweep runs ~70 probes, the tasks ones ~2.5 s each (the cancelled task is asked again after 1.6 s).
describeServerProber(
  {
    revision: '2025-11-25',
    scenarios: scenariosOf('2025-11-25', 'server'),
    plans: PLANS,
    mutants: MUTANTS,
    probe,
    createOracleServer,
  },
  240_000,
);
