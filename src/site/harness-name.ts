// An agent subject's harness, read from its id (archived boards carry no subject list).
import type { Subject } from '../bench/schema/subject.ts';

/** Harness and version of an agent subject id `agent/<harness>@<version>/<provider>/<model>/<thinking>`. */
export function harnessOfId(subject: string): { harness: string; version: string } | undefined {
  const m = /^agent\/([^@/]+)@([^/]+)\//.exec(subject);
  return m ? { harness: m[1]!, version: m[2]! } : undefined;
}

/**
 * "pi 1.6.0": what the Harness column shows (name + version), from the subject's fields when given, else its id;
 * `null` for a subject that is not an agent.
 */
export function harnessLabel(subject: string, s?: Pick<Subject, 'harness' | 'harnessVersion'>): string | null {
  if (s?.harness) return [s.harness, s.harnessVersion].filter(Boolean).join(' ');
  const h = harnessOfId(subject);
  return h ? `${h.harness} ${h.version}` : null;
}
