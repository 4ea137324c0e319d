import { describe, expect, it } from 'vitest';
import { activeMutantOf, oracleClientMain } from './client-cli.ts';

const MUTANTS = [
  { id: 'a', description: 'd', scenarios: ['s'] },
  { id: 'b', description: 'd', scenarios: ['s'] },
];

describe('oracle client command line', () => {
  it('takes --mutant over MCPFS_MUTANT and rejects unknown mutant ids', () => {
    expect(activeMutantOf(MUTANTS, ['--mutant=a'], { MCPFS_MUTANT: 'b' })).toBe('a');
    expect(activeMutantOf(MUTANTS, [], { MCPFS_MUTANT: 'b' })).toBe('b');
    expect(activeMutantOf(MUTANTS, [], {})).toBeUndefined();
    expect(() => activeMutantOf(MUTANTS, ['--mutant=zz'], {})).toThrow(/unknown mutant "zz"/);
  });

  it('exits 2 without MCP_SERVER_URL or with an unknown scenario, 0/1 by the run outcome', async () => {
    const cli = { scenarios: ['s'], mutants: MUTANTS, run: async (_u: string, _s: string, m?: string) => m !== 'b' };
    expect(await oracleClientMain(cli, ['s'], {})).toBe(2);
    expect(await oracleClientMain(cli, ['nope'], { MCP_SERVER_URL: 'http://x' })).toBe(2);
    expect(await oracleClientMain(cli, ['s', '--mutant=zz'], { MCP_SERVER_URL: 'http://x' })).toBe(2);
    expect(await oracleClientMain(cli, ['s'], { MCP_SERVER_URL: 'http://x' })).toBe(0);
    expect(await oracleClientMain(cli, ['s', '--mutant=b'], { MCP_SERVER_URL: 'http://x' })).toBe(1);
  });
});
