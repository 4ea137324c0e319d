// The methodology reference as a set of pages, each small enough for a phone: the index lists them. Pure: titles,
// one-line summaries and links; the pages under src/pages/methodology/ lay out what each one shows.
import { REVISIONS, type Revision, type Role } from '../bench/schema/common.ts';
import { calibrationUrl, coverageUrl, librariesEvidenceUrl, methodologyUrl, readingsUrl } from './urls.ts';

export interface MethodologyTopic {
  title: string;
  /** One sentence: what the page answers. */
  summary: string;
  /** A single page, or one page per revision (× role). */
  links: { text: string; href: string }[];
}

const ROLES: readonly Role[] = ['server', 'client'];
const perRevision = (url: (r: Revision) => string) => REVISIONS.map((r) => ({ text: r, href: url(r) }));
const perRevisionRole = (url: (r: Revision, role: Role) => string) =>
  REVISIONS.flatMap((r) => ROLES.map((role) => ({ text: `${r} · ${role}`, href: url(r, role) })));

/** The topics of the methodology index, in reading order. */
export function methodologyTopics(): MethodologyTopic[] {
  return [
    {
      title: 'Scoring and versions',
      summary:
        'How verdicts become a trial score, a cell, a row and a rank; which benchmark and scenario versions count.',
      links: [{ text: 'Scoring', href: methodologyUrl('scoring') }],
    },
    {
      title: 'Isolation',
      summary:
        'Where an agent works, what it can reach, and what the harness observes: docker, netns and none side by side.',
      links: [{ text: 'Isolation', href: methodologyUrl('isolation') }],
    },
    {
      title: 'Calibration',
      summary:
        'The gate every scenario passes before anything is published: oracle, null, cheater and the kill matrices.',
      links: perRevision(calibrationUrl),
    },
    {
      title: 'Coverage ledger',
      summary: 'Every in-scope normative sentence: which checkpoints test it, or why it is excluded.',
      links: perRevisionRole(coverageUrl),
    },
    {
      title: 'Readings',
      summary: 'Where the spec text left a choice to a judge, what each judge decided, per revision and role.',
      links: perRevisionRole(readingsUrl),
    },
    {
      title: 'Libraries: failures and raw evidence',
      summary: 'Every failing verdict of a real MCP library, with the exchange recorded without our harness.',
      links: perRevision(librariesEvidenceUrl),
    },
  ];
}

/** Every page under /methodology/ but the index, as `[...path]` params (for tests and the link crawler). */
export const methodologyPages = (): string[] => methodologyTopics().flatMap((t) => t.links.map((l) => l.href));
