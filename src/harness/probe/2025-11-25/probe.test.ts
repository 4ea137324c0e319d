import { MUTANTS } from '../../oracle/2025-11-25/server/mutants.ts';
import { createOracleServer } from '../../oracle/2025-11-25/server/server.ts';
import { describeServerProber } from '../testing/server-suite.ts';
import { probe, PLANS } from './index.ts';
import { loadServerScenarios } from './load-scenarios.ts';

describeServerProber({ revision: '2025-11-25', scenarios: loadServerScenarios(), plans: PLANS, mutants: MUTANTS, probe, createOracleServer });
