// CONTEXT.md with its generated deviations section recomputed from the scenario files and coverage ledgers on disk:
// what `npm run context` writes and what its test compares with the committed file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderDeviations } from '../../bench/context/deviations.ts';
import { spliceBlock } from '../../bench/context/generated-block.ts';
import { parseLedgers } from '../../bench/coverage/ledger.ts';
import { checkScenarios } from '../../bench/derive/scenarios.ts';
import { BenchError } from '../../bench/problems.ts';
import { loadScenarioSources } from './load.ts';

export const CONTEXT_PATH = 'CONTEXT.md';

/** The committed CONTEXT.md and the same text with a freshly rendered deviations section. Throws a BenchError on bad input. */
export function contextFile(root: string): { path: string; current: string; next: string } {
  const sources = loadScenarioSources(root);
  const { scenarios, problems } = checkScenarios(sources.scenarios);
  const { ledgers, problems: ledgerProblems } = parseLedgers(sources.coverage);
  if (problems.length || ledgerProblems.length) throw new BenchError([...problems, ...ledgerProblems]);
  const current = readFileSync(join(root, CONTEXT_PATH), 'utf8');
  const section = renderDeviations(
    [...scenarios.values()],
    [...ledgers.values()].map((l) => l.ledger),
  );
  return { path: CONTEXT_PATH, current, next: spliceBlock(CONTEXT_PATH, current, section) };
}
