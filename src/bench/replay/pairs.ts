/** What pair selection needs of a trial. */
export interface PairTrial {
  id: string;
  revision: string;
  role: string;
  scenario: string;
  docs: string;
  k: number;
  subject: string;
  status: 'completed' | 'infra-error' | 'contaminated';
}

/** A dataset trial's identity, as pair selection and the pull-request report both project it (one projection). */
export function pairTrial<R extends string, O extends string, D extends string, S extends PairTrial['status']>(t: {
  id: string;
  revision: R;
  role: O;
  scenario: string;
  docs: D;
  k: number;
  subject: { id: string };
  status: S;
}): PairTrial & { revision: R; role: O; docs: D; status: S } {
  return {
    id: t.id,
    revision: t.revision,
    role: t.role,
    scenario: t.scenario,
    docs: t.docs,
    k: t.k,
    subject: t.subject.id,
    status: t.status,
  };
}

export interface ComparePair {
  a: string;
  b: string;
  /** Why this pair has a page. */
  reason: 'vs-oracle' | 'next-k';
}

/** Subject whose trials every other trial of a scenario is compared with. */
export const ORACLE = 'calibration/oracle';

const scenarioKey = (t: PairTrial) => `${t.revision}/${t.role}/${t.scenario}`;

/**
 * Which compare pages exist, linear in the number of trials (all pairs would be quadratic):
 * - every completed trial vs its scenario's oracle trial (same docs axis when there is one, else any; lowest k);
 * - every completed trial vs the next k of its own cell (same subject, scenario, docs), to see run-to-run variance.
 * Pairs are unique and ordered (trial first, reference second); at most 2 per trial.
 */
export function comparePairs(trials: readonly PairTrial[]): ComparePair[] {
  const done = trials.filter((t) => t.status === 'completed');
  const oracles = new Map<string, PairTrial[]>();
  for (const t of done)
    if (t.subject === ORACLE) oracles.set(scenarioKey(t), [...(oracles.get(scenarioKey(t)) ?? []), t]);
  const cells = new Map<string, PairTrial[]>();
  for (const t of done) {
    const key = `${scenarioKey(t)}/${t.docs}/${t.subject}`;
    cells.set(key, [...(cells.get(key) ?? []), t]);
  }
  const out: ComparePair[] = [];
  const seen = new Set<string>();
  const add = (a: string, b: string, reason: ComparePair['reason']) => {
    const key = `${a}\u0000${b}`;
    if (a === b || seen.has(key) || seen.has(`${b}\u0000${a}`)) return;
    seen.add(key);
    out.push({ a, b, reason });
  };
  for (const t of done) {
    const cands = (oracles.get(scenarioKey(t)) ?? []).sort(
      (x, y) => Number(x.docs !== t.docs) - Number(y.docs !== t.docs) || x.k - y.k || (x.id < y.id ? -1 : 1),
    );
    const oracle = cands.find((o) => o.id !== t.id);
    if (oracle && t.subject !== ORACLE) add(t.id, oracle.id, 'vs-oracle');
  }
  for (const list of cells.values()) {
    list.sort((x, y) => x.k - y.k || (x.id < y.id ? -1 : 1));
    for (let i = 0; i + 1 < list.length; i++) add(list[i]!.id, list[i + 1]!.id, 'next-k');
  }
  return out;
}

/** Compare pages a trial appears in, for links from its page. */
export function pairsOf(id: string, pairs: readonly ComparePair[]): ComparePair[] {
  return pairs.filter((p) => p.a === id || p.b === id);
}
