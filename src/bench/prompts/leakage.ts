import type { Problem } from '../problems.ts';
import type { Scenario } from '../schema/scenario.ts';
import { checkpointTokens, occursIn, type GiveawayToken, type TokenKind } from './tokens.ts';

/** Where in a scenario a token was found: the agent's prompt, or the texts the site shows beside it. */
export type LeakPlace = 'prompt' | `requires[${number}]` | `tools[${number}].description`;

/** One give-away token found in a scenario's texts. */
export interface LeakHit {
  token: string;
  kind: TokenKind;
  /** Slugs of the checkpoints that give the token away. */
  checkpoints: string[];
  where: LeakPlace[];
  /** Listed in the scenario's `leakAllowed`. */
  allowed: boolean;
}

/** The scenario's leak findings and the problems they make (unlisted tokens, stale or unexplained allowances). */
export interface LeakReport {
  hits: LeakHit[];
  problems: Problem[];
}

/** Tool names and every property name of their input schemas: the task's own words, never tokens. */
export function scenarioVocabulary(s: Pick<Scenario, 'tools'>): string[] {
  const out = new Set<string>();
  const walk = (schema: unknown): void => {
    if (!schema || typeof schema !== 'object') return;
    const props = (schema as { properties?: unknown }).properties;
    if (props && typeof props === 'object') {
      for (const [k, v] of Object.entries(props)) {
        out.add(k);
        walk(v);
      }
    }
  };
  for (const t of s.tools) {
    out.add(t.name);
    walk(t.inputSchema);
  }
  return [...out];
}

/** Every give-away token of the scenario's checkpoints, with the slugs that give it away (first derivation wins the kind). */
export function scenarioTokens(
  s: Pick<Scenario, 'checkpoints' | 'revision' | 'tools'>,
): { token: GiveawayToken; checkpoints: string[] }[] {
  const vocabulary = scenarioVocabulary(s);
  const byToken = new Map<string, { token: GiveawayToken; checkpoints: string[] }>();
  for (const c of s.checkpoints) {
    for (const t of checkpointTokens(c, s.revision, vocabulary)) {
      const key = t.kind === 'sentence' ? `sentence\u0000${t.token}` : t.token.toLowerCase();
      const entry = byToken.get(key) ?? { token: t, checkpoints: [] };
      entry.checkpoints.push(c.slug);
      byToken.set(key, entry);
    }
  }
  return [...byToken.values()];
}

/** Find give-away tokens in the prompt, `requires` and tool descriptions of one scenario, and judge its allowances. */
export function checkLeaks(path: string, s: Scenario): LeakReport {
  const places: [LeakPlace, string][] = [
    ['prompt', s.prompt],
    ...s.requires.map((r, i): [LeakPlace, string] => [`requires[${i}]`, r]),
    ...s.tools.map((t, i): [LeakPlace, string] => [`tools[${i}].description`, t.description]),
  ];
  const allowed = new Map(s.leakAllowed.map((a) => [a.token.toLowerCase(), a]));
  const hits: LeakHit[] = [];
  const problems: Problem[] = [];
  for (const { token, checkpoints } of scenarioTokens(s)) {
    const where = places.filter(([, text]) => occursIn(token, text)).map(([p]) => p);
    if (where.length === 0) continue;
    const ok = token.kind !== 'sentence' && allowed.has(token.token.toLowerCase());
    hits.push({ token: token.token, kind: token.kind, checkpoints, where, allowed: ok });
    if (!ok) {
      problems.push({
        file: path,
        field: where[0],
        message: `gives away "${token.token}" (${token.kind}, graded by ${checkpoints.join(', ')})${where.length > 1 ? `; also in ${where.slice(1).join(', ')}` : ''}`,
        hint: 'state the task, not the grade: name the feature in task words, or list the token in "leakAllowed" with a one-line reason',
      });
    }
  }
  const found = new Set(hits.filter((h) => h.allowed).map((h) => h.token.toLowerCase()));
  const seen = new Set<string>();
  s.leakAllowed.forEach((a, i) => {
    const key = a.token.toLowerCase();
    if (seen.has(key))
      problems.push({
        file: path,
        field: `leakAllowed[${i}].token`,
        message: `"${a.token}" is listed twice`,
        hint: 'keep one entry',
      });
    seen.add(key);
    if (!found.has(key)) {
      problems.push({
        file: path,
        field: `leakAllowed[${i}].token`,
        message: `stale allowance: "${a.token}" is not a give-away token found in this scenario's texts`,
        hint: 'delete the entry',
      });
    }
    if (a.reason.trim() === '')
      problems.push({
        file: path,
        field: `leakAllowed[${i}].reason`,
        message: 'an allowance needs a one-line reason',
        hint: 'say why the prompt must name this token',
      });
  });
  return { hits, problems };
}
