import { judges } from '../../../bench/judge/2025-11-25/client/index.ts';
import { driver } from '../../roles/2025-11-25-client.ts';
import { describeClientScenarios } from '../testing/client-suite.ts';
import { clientScenarios2025 } from './load-scenarios.ts';
import { SCRIPTS } from './scripts.ts';

describeClientScenarios('2025-11-25', clientScenarios2025(), { judges, scripts: Object.keys(SCRIPTS), driver });
