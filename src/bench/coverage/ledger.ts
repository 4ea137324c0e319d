import { parseWith } from '../derive/parse.ts';
import type { SourceFile } from '../derive/scenarios.ts';
import type { Problem } from '../problems.ts';
import { REVISIONS, type Revision, type Role } from '../schema/common.ts';
import { CoverageLedgerSchema, type CoverageExclusion, type CoverageLedger } from '../schema/coverage.ts';
import { wrongRevisionId } from '../spec/tsv.ts';

export const ledgerPath = (rev: Revision) => `scenarios/${rev}/coverage.json`;

/** An exclusion with its index in the ledger (for `exclusions[i]` problem paths). */
export interface IndexedExclusion {
  index: number;
  exclusion: CoverageExclusion;
}

/** A validated ledger: exclusions by `<role>\0<id>`. */
export interface ParsedLedger {
  path: string;
  ledger: CoverageLedger;
  byRoleId: Map<string, IndexedExclusion>;
}

export const roleIdKey = (role: Role, id: string) => `${role}\u0000${id}`;

/**
 * Validate the ledger files: schema, path = `scenarios/<revision>/coverage.json`, ids of the revision, no sentence
 * excluded twice for one role. Checks that need neither the spec nor the scenarios.
 */
export function parseLedgers(files: readonly SourceFile[]): {
  ledgers: Map<Revision, ParsedLedger>;
  problems: Problem[];
} {
  const ledgers = new Map<Revision, ParsedLedger>();
  const problems: Problem[] = [];
  for (const f of files) {
    const rev = REVISIONS.find((r) => f.path === ledgerPath(r));
    if (!rev) {
      problems.push({
        file: f.path,
        message: 'unexpected coverage ledger',
        hint: `ledgers live at ${REVISIONS.map(ledgerPath).join(' or ')}`,
      });
      continue;
    }
    const { value, problems: ps } = parseWith(f.path, f.text, CoverageLedgerSchema);
    problems.push(...ps);
    if (!value) continue;
    const before = problems.length;
    if (value.revision !== rev)
      problems.push({
        file: f.path,
        field: 'revision',
        message: `expected "${rev}" (the folder), got "${value.revision}"`,
      });
    const byRoleId = new Map<string, IndexedExclusion>();
    value.exclusions.forEach((exclusion, index) => {
      const wrong = wrongRevisionId(rev, exclusion.id);
      if (wrong) problems.push({ file: f.path, field: `exclusions[${index}].id`, message: wrong });
      for (const role of exclusion.roles) {
        const prev = byRoleId.get(roleIdKey(role, exclusion.id));
        if (prev)
          problems.push({
            file: f.path,
            field: `exclusions[${index}]`,
            message: `"${exclusion.id}" is already excluded for ${role} by exclusions[${prev.index}]`,
          });
        else byRoleId.set(roleIdKey(role, exclusion.id), { index, exclusion });
      }
    });
    if (problems.length === before) ledgers.set(rev, { path: f.path, ledger: value, byRoleId });
  }
  return { ledgers, problems };
}
