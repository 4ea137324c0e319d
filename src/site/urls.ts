// Stable URLs of every page and download. Pages and view models build links only through here.
import type { Revision, Role } from '../bench/schema/common.ts';

// import.meta.env exists under Vite (the build, vitest) only; plain `node scripts/…` imports this file too.
const BASE = (import.meta as { env?: { BASE_URL?: string } }).env?.BASE_URL ?? '/';
const base = BASE.endsWith('/') ? BASE : `${BASE}/`;

/** Prefix a site-absolute path (`/x/`) with the configured base. */
export const href = (path: string): string => base + path.replace(/^\//, '');

export const revisionUrl = (rev: Revision): string => href(`/${rev}/`);
/** A revision's agent boards with every row (the revision page shows the first rows of each). */
export const agentBoardsUrl = (rev: Revision): string => href(`/${rev}/agents/`);
/** A revision's full calibration board (oracle, null, one row per mutant): long, so a page of its own. */
export const calibrationBoardUrl = (rev: Revision): string => href(`/${rev}/calibration/`);
export const matrixUrl = (rev: Revision): string => href(`/${rev}/matrix/`);
/** The checkpoint grid of a revision × role; page 1 at the role's own URL. */
export const gridUrl = (rev: Revision, role: Role, page = 1): string =>
  href(`/${rev}/matrix/${role}/${page > 1 ? `${page}/` : ''}`);
export const scenarioUrl = (rev: Revision, role: Role, id: string): string => href(`/${rev}/${role}/${id}/`);
export const checkpointUrl = (rev: Revision, role: Role, scenario: string, slug: string): string =>
  href(`/${rev}/${role}/${scenario}/${slug}/`);
/** Subject ids are slash-separated path-safe segments (see SubjectSchema), so they nest as folders. */
export const subjectUrl = (id: string): string => href(`/subjects/${id}/`);
/** Every subject, grouped by kind. */
export const subjectsUrl = (): string => href('/subjects/');
/** The trials index: revision × role groups, each linking its pages. */
export const trialsUrl = (): string => href('/trials/');
/**
 * One page of a revision × role group's trials (1-based). Never a trial's own page: those are `/trials/<id>/`, one
 * segment, and every path under it is a fixed name (`exchanges/`, `record.json`, …), never a role.
 */
export const trialListUrl = (rev: Revision, role: Role, page: number): string =>
  href(`/trials/${rev}/${role}/${page}/`);
/** What can be downloaded and reused: the data set, every table, the records, schemas, licences, how to cite. */
export const dataUrl = (): string => href('/data/');
/** Trial replay pages are built by the replay pages (src/pages/trials/), not here. */
export const trialUrl = (id: string): string => href(`/trials/${id}/`);
/** The raw record files of a trial, byte for byte as committed, and its HAR export (the replay pages' endpoints). */
export const trialFileUrl = (
  id: string,
  file:
    | 'record.json'
    | 'wire.jsonl'
    | 'transcript.jsonl'
    | 'snapshot.jsonl'
    | 'verification.jsonl'
    | 'model.jsonl'
    | 'trajectory.atif.json'
    | 'trial.har',
): string => href(`/trials/${id}/${file}`);
/** The compare page of a pair of trials. */
export const compareUrl = (a: string, b: string): string => href(`/compare/${a}/${b}/`);
export const downloadUrl = (tableId: string, ext: 'csv' | 'json'): string => href(`/downloads/${tableId}.${ext}`);
/** The methodology index, or one of its pages: `scoring`, `isolation`, `calibration/<rev>`, `coverage/<rev>/<role>`, … */
export const methodologyUrl = (page?: string): string => href(page ? `/methodology/${page}/` : '/methodology/');
/**
 * The coverage ledger of one revision × role (its summary and its spec sections), or of one section: the sentences
 * whose id has that file key (`260728-shttp-12` → `shttp`), so a page stays small and the key alone finds it.
 */
export const coverageUrl = (rev: Revision, role: Role, section?: string): string =>
  methodologyUrl(`coverage/${rev}/${role}${section ? `/${section}` : ''}`);
/** The ledger section of a sentence id: its file key, `260728-shttp-12` → `shttp`. */
export const ledgerSection = (sentenceId: string): string => sentenceId.split('-')[1] ?? 'other';
/** The judges' readings of one revision × role: where the spec text left a choice, what each judge decided. */
export const readingsUrl = (rev: Revision, role: Role): string => methodologyUrl(`readings/${rev}/${role}`);
/** Calibration of one revision: the gate per scenario and every kill matrix. */
export const calibrationUrl = (rev: Revision): string => methodologyUrl(`calibration/${rev}`);
/** Libraries' failures of one revision with their raw evidence. */
export const librariesEvidenceUrl = (rev: Revision): string => methodologyUrl(`libraries/${rev}`);
/** Element id of a sentence's row in the coverage ledger (set by coverage-table.astro). */
export const ledgerAnchor = (rev: Revision, role: Role, sentenceId: string): string =>
  `cov-${rev}-${role}-${sentenceId}`;
/** A sentence's row in the coverage ledger of its revision × role. */
export const ledgerUrl = (rev: Revision, role: Role, sentenceId: string): string =>
  `${coverageUrl(rev, role, ledgerSection(sentenceId))}#${ledgerAnchor(rev, role, sentenceId)}`;

/** A subject id as one file-name-safe token (`/` is not allowed inside subject segments, `~` is not either). */
export const subjectToken = (id: string): string => id.replaceAll('/', '~');

/** The archived boards of an earlier benchmark version (`archive/<version>.json`), and that file as served. */
export const versionUrl = (version: string): string => href(`/v/${version}/`);
export const versionArchiveUrl = (version: string): string => href(`/v/${version}/archive.json`);
