import { createHash } from 'node:crypto';
import type { Scenario } from '../schema/scenario.ts';
import { canonicalJson } from '../canonical-json.ts';

/** `<revision>/<role>/<id>`, the key version entries use. */
export const scenarioKey = (s: Pick<Scenario, 'revision' | 'role' | 'id'>): string => `${s.revision}/${s.role}/${s.id}`;

/**
 * The scenario's content hash: what the subject is given and graded on — the prompt, the tools, and each checkpoint's
 * slug, kind, level and cited sentence. A judge's rule text, reading or message is not part of it (changing those is a
 * minor version: stored wire logs are re-judged); any change here is a new scenario version (new trials).
 */
export function scenarioHash(s: Scenario): string {
  const content = {
    key: scenarioKey(s),
    prompt: s.prompt,
    tools: s.tools,
    checkpoints: s.checkpoints.map((c) => ({ slug: c.slug, kind: c.kind, level: c.level, spec: c.spec?.id ?? null })),
  };
  return `sha256:${createHash('sha256').update(canonicalJson(content)).digest('hex')}`;
}
