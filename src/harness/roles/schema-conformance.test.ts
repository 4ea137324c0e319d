import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../bench/problems.ts';
import { REVISIONS, type Revision } from '../../bench/schema/common.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import type { WireLog } from '../../bench/schema/wire-event.ts';
import { schemaGate } from '../../bench/wire-schema/gate.ts';
import { validateWireLog } from '../../bench/wire-schema/validate.ts';
import { loadPinnedSchemas } from '../io/schema.ts';
import { createOracleServer as oracle251125 } from '../oracle/2025-11-25/server/server.ts';
import { createOracleServer as oracle260728 } from '../oracle/2026-07-28/server/server.ts';
import { runClient } from '../reference/common/run-client.ts';
import { driverFor } from './registry.ts';
import { schemaExemptions } from './schema-exemptions.ts';
import type { ClientRoleDriver, ServerRoleDriver } from './types.ts';
import { scenariosOf } from '../io/scenarios.ts';

// Our side must speak schema-valid MCP: the oracles (servers and clients), the reference servers and the prober, live
// on 127.0.0.1, each message checked against the pinned schema.json. The same gate derive and calibrate apply.
const schemas = loadPinnedSchemas();
const ORACLES: Record<Revision, (mutant?: string) => Server> = {
  '2025-11-25': oracle251125,
  '2026-07-28': oracle260728,
};

/** The gate's problems for one oracle trial, printed path-first (the wire "file" is a label here). */
function gateProblems(revision: Revision, role: 'client' | 'server', scenario: string, log: WireLog): string[] {
  const schema = validateWireLog(schemas.schemas[revision]!, log);
  expect(schema.messages).toBeGreaterThan(0);
  return schemaGate(
    [{ wire: `${revision}/${role}/${scenario}`, revision, role, subject: 'calibration/oracle', schema }],
    schemaExemptions(),
  ).map(formatProblem);
}

async function probeOracle(revision: Revision, scenario: Scenario): Promise<WireLog> {
  const server = ORACLES[revision]();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    return await (driverFor(revision, 'server') as ServerRoleDriver).probe(scenario, url);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

for (const revision of REVISIONS) {
  describe.skipIf(!schemas.schemas[revision])(`${revision}: our side validates against the pinned schema`, () => {
    for (const scenario of scenariosOf(revision, 'server')) {
      it(`oracle server and prober on ${scenario.id}: every message valid (declared probe steps aside)`, async () => {
        expect(gateProblems(revision, 'server', scenario.id, await probeOracle(revision, scenario))).toEqual([]);
      });
    }
    const driver = driverFor(revision, 'client') as ClientRoleDriver;
    for (const scenario of scenariosOf(revision, 'client')) {
      it(`oracle client and reference server on ${scenario.id}: every message valid`, async () => {
        const run = await runClient(driver, scenario, driver.oracleCommand(scenario), { timeoutMs: 45_000 });
        expect(gateProblems(revision, 'client', scenario.id, run.log)).toEqual([]);
      });
    }
  });
}
