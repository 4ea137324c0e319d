// Stable URLs of every page and download. Pages and view models build links only through here.
import type { Revision, Role } from '../bench/schema/common.ts';

// import.meta.env exists under Vite (the build, vitest) only; plain `node scripts/…` imports this file too.
const BASE = (import.meta as { env?: { BASE_URL?: string } }).env?.BASE_URL ?? '/';
const base = BASE.endsWith('/') ? BASE : `${BASE}/`;

/** Prefix a site-absolute path (`/x/`) with the configured base. */
export const href = (path: string): string => base + path.replace(/^\//, '');

export const revisionUrl = (rev: Revision): string => href(`/${rev}/`);
export const matrixUrl = (rev: Revision): string => href(`/${rev}/matrix/`);
export const scenarioUrl = (rev: Revision, role: Role, id: string): string => href(`/${rev}/${role}/${id}/`);
export const checkpointUrl = (rev: Revision, role: Role, scenario: string, slug: string): string =>
  href(`/${rev}/${role}/${scenario}/${slug}/`);
/** Subject ids are slash-separated path-safe segments (see SubjectSchema), so they nest as folders. */
export const subjectUrl = (id: string): string => href(`/subjects/${id}/`);
/** Trial replay pages are built by the replay pages (src/pages/trials/), not here. */
export const trialUrl = (id: string): string => href(`/trials/${id}/`);
/** The raw record files of a trial, byte for byte as committed, and its HAR export (the replay pages' endpoints). */
export const trialFileUrl = (
  id: string,
  file: 'record.json' | 'wire.jsonl' | 'transcript.jsonl' | 'trial.har',
): string => href(`/trials/${id}/${file}`);
/** The compare page of a pair of trials. */
export const compareUrl = (a: string, b: string): string => href(`/compare/${a}/${b}/`);
export const downloadUrl = (tableId: string, ext: 'csv' | 'json'): string => href(`/downloads/${tableId}.${ext}`);
export const methodologyUrl = (): string => href('/methodology/');
/** Element id of a sentence's row in the coverage ledger (set by coverage-table.astro). */
export const ledgerAnchor = (rev: Revision, role: Role, sentenceId: string): string =>
  `cov-${rev}-${role}-${sentenceId}`;
/** A sentence's row in the coverage ledger on the methodology page. */
export const ledgerUrl = (rev: Revision, role: Role, sentenceId: string): string =>
  href(`/methodology/#${ledgerAnchor(rev, role, sentenceId)}`);

/** A subject id as one file-name-safe token (`/` is not allowed inside subject segments, `~` is not either). */
export const subjectToken = (id: string): string => id.replaceAll('/', '~');
