import { describe, expect, it } from 'vitest';
import { checkScenarios } from '../../bench/derive/scenarios.ts';
import { loadScenarioFiles } from '../io/load.ts';
import { planCalibration } from './calibrate.ts';
import { calibrationSubjects } from './calibration-subjects.ts';
import { driverFor } from '../roles/registry.ts';

describe('calibrationSubjects (what derive accepts as calibration subjects)', () => {
  it('lists exactly the subjects npm run calibrate runs on each scenario, as it describes them', () => {
    const { scenarios } = checkScenarios(loadScenarioFiles(process.cwd()));
    const { jobs } = planCalibration([...scenarios.values()], driverFor);
    const known = calibrationSubjects();
    expect(scenarios.size).toBeGreaterThan(10);
    for (const s of scenarios.values()) {
      const planned = jobs.filter((j) => j.scenario === s).map((j) => j.adapter.subject);
      const allowed = [
        ...known.always,
        ...(known.mutants[`${s.revision}/${s.role}`] ?? [])
          .filter((m) => m.scenarios.includes(s.id))
          .map((m) => m.subject),
        ...(known.harnesses ?? [])
          .filter((h) => h.scenarios.includes(`${s.revision}/${s.role}/${s.id}`))
          .map((h) => h.subject),
      ];
      const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
      expect([...allowed].sort(byId), `${s.revision}/${s.role}/${s.id}`).toEqual([...planned].sort(byId));
    }
  });
});
