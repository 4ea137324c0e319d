import { MUTANTS } from '../../oracle/2025-11-25/server/mutants.ts';
import { describeServerScenarios } from '../testing/server-suite.ts';
import { PLANS } from './scenario-plans.ts';
import { scenariosOf } from '../../io/scenarios.ts';

describeServerScenarios({
  revision: '2025-11-25',
  scenarios: scenariosOf('2025-11-25', 'server'),
  plans: PLANS,
  mutants: MUTANTS,
});
