import { MUTANTS } from '../../oracle/2026-07-28/server/mutants.ts';
import { describeServerScenarios } from '../testing/server-suite.ts';
import { loadServerScenarios2026 } from './load-scenarios.ts';
import { PLANS } from './plans.ts';

describeServerScenarios({ revision: '2026-07-28', scenarios: loadServerScenarios2026(), plans: PLANS, mutants: MUTANTS });
