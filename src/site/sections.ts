// Row sections by subject kind, for tables that list subjects of every kind (scenario and checkpoint pages): agents,
// then libraries, then calibration subjects under their own heading, so a mutant's row never passes for a result.
import { SubjectKindSchema, type SubjectKind } from '../bench/schema/subject.ts';

export const SECTION_LABELS: Record<SubjectKind, string> = {
  agent: 'Agents',
  library: 'Libraries (real MCP SDKs, run through the same judges)',
  calibration: 'Calibration subjects (oracle, null, mutants): they test the judges, they are not results',
};

/** `items` in kind order (stable inside a kind) and one section per kind present. */
export function byKind<T>(
  items: readonly T[],
  kindOf: (x: T) => SubjectKind | undefined,
): { items: T[]; sections: { label: string; rows: number }[] } {
  const groups = SubjectKindSchema.options.map((kind) => ({
    kind,
    items: items.filter((x) => (kindOf(x) ?? 'calibration') === kind),
  }));
  const present = groups.filter((g) => g.items.length > 0);
  return {
    items: present.flatMap((g) => g.items),
    sections: present.map((g) => ({ label: SECTION_LABELS[g.kind], rows: g.items.length })),
  };
}
