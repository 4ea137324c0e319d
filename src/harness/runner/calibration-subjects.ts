import type { CalibrationSubjects } from '../../bench/derive/integrity.ts';
import { NULL_SUBJECT, ORACLE_SUBJECT, oracleAdapter } from './adapters/basic.ts';
import { CHEATER_SUBJECT } from './adapters/cheater.ts';
import { PI_SCRIPTED_SUBJECT } from './adapters/pi-scripted.ts';
import { DRIVERS } from '../roles/registry.ts';
import { scriptedHarnessSubject } from './adapters/harness.ts';
import { HARNESS_CALIBRATION_SCENARIOS, HARNESSES, harnessVersion } from './adapters/harnesses/registry.ts';
import { fileURLToPath } from 'node:url';

/**
 * This checkout (where the harness specs and their pinned install folders are), not the data tree derive reads: derive
 * runs over temp trees and other commits' files, but the harnesses it can name are this code's.
 */
const CODE_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The calibration subjects `npm run calibrate` runs, as derive takes them (it cannot import the harness): oracle,
 * null, cheater and pi + scripted model on every scenario; each mutant on the scenarios its driver lists, with the
 * subject its adapter gives it; each agent harness + scripted model on its calibration scenarios.
 */
export function calibrationSubjects(root = CODE_ROOT): CalibrationSubjects {
  const mutants: Record<string, CalibrationSubjects['mutants'][string]> = {};
  for (const [rev, roles] of Object.entries(DRIVERS)) {
    for (const [role, driver] of Object.entries(roles)) {
      mutants[`${rev}/${role}`] = driver.mutants.map((m) => ({
        subject: oracleAdapter(driver, m.id).subject,
        scenarios: [...m.scenarios],
      }));
    }
  }
  const harnesses = Object.values(HARNESSES).map((spec) => ({
    subject: scriptedHarnessSubject(spec, harnessVersion(spec, root)),
    scenarios: [...HARNESS_CALIBRATION_SCENARIOS],
  }));
  return { always: [ORACLE_SUBJECT, NULL_SUBJECT, CHEATER_SUBJECT, PI_SCRIPTED_SUBJECT], mutants, harnesses };
}
