import { MUTANTS } from '../../oracle/2025-11-25/server/mutants.ts';
import { describeServerScenarios } from '../testing/server-suite.ts';
import { loadServerScenarios } from './load-scenarios.ts';
import { PLANS } from './plans.ts';

describeServerScenarios({ revision: '2025-11-25', scenarios: loadServerScenarios(), plans: PLANS, mutants: MUTANTS });
