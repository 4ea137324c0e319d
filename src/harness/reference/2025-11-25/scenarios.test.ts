import { judges } from '../../../bench/judge/2025-11-25/client/index.ts';
import { driver } from '../../roles/2025-11-25-client.ts';
import { describeClientScenarios } from '../testing/client-suite.ts';
import { SCRIPTS } from './scripts.ts';
import { scenariosOf } from '../../io/scenarios.ts';

describeClientScenarios('2025-11-25', scenariosOf('2025-11-25', 'client'), {
  judges,
  scripts: Object.keys(SCRIPTS),
  driver,
});
