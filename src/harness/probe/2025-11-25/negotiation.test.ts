import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { header } from '../../../bench/judge/exchanges.ts';
import { STEP } from '../../../bench/plans/2025-11-25/server-steps.ts';
import { createOracleServer } from '../../oracle/2025-11-25/server/server.ts';
import { probe } from './index.ts';
import { scenariosOf } from '../../io/scenarios.ts';

// A server that negotiates an older revision must be probed as a conformant client would talk to it: with the
// negotiated version in MCP-Protocol-Version (251125-transports-271), except on the steps that vary the header.
describe('2025-11-25 prober version header', () => {
  it('sends the version the server negotiated (2025-06-18), not the one it asked for', async () => {
    const scenario = scenariosOf('2025-11-25', 'server').find((s) => s.id === 'tools-basics')!;
    const server = createOracleServer('wrong-version-echo');
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const log = await probe(scenario, `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, {
        requestMs: 3000,
        totalMs: 15_000,
        graceMs: 500,
      });
      const varied: string[] = [
        STEP.initialize,
        STEP.initializeUnknownVersion,
        STEP.badProtocolVersion,
        STEP.noProtocolVersion,
      ];
      const sent = log.events.flatMap((e) =>
        e.type === 'request' && !varied.includes(e.step ?? '')
          ? [`${e.step}: ${header(e.headers, 'mcp-protocol-version') ?? 'none'}`]
          : [],
      );
      expect(sent.length).toBeGreaterThan(4);
      expect(sent.filter((s) => !s.endsWith(': 2025-06-18'))).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
