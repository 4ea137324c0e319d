// The links that back a failing library verdict, wherever it is shown (trial, checkpoint and subject pages): the raw
// transcript recorded without our prober, the script that recorded it, the glue that configured the library, all at
// one commit, and the verdict's entry on the libraries' evidence list. Pure: the caller gives the repository URL and
// the commit (the build's).
import type { LibraryFailureRow } from '../bench/schema/library-view.ts';
import { evidenceAnchor } from './libraries.ts';
import { repoFileUrl } from './repository.ts';
import { librariesEvidenceUrl } from './urls.ts';

/** One link of a failure's evidence: what it is, the project-relative path, and where to read it. */
export interface EvidenceLink {
  /** Short label ("transcript", "script", "glue"). */
  label: string;
  /** What the file is, for the link's title. */
  title: string;
  /** Project-relative path; shown as the link text. */
  path: string;
  /** The file on the repository's host at the commit; undefined without a repository URL. */
  href: string | undefined;
}

/** What a failing library verdict links to; `links` is empty when it has no raw evidence yet. */
export interface FailureEvidence {
  links: EvidenceLink[];
  /** The failure's transcript, inline, on the libraries' evidence page. */
  listHref: string | undefined;
}

export function failureEvidence(f: LibraryFailureRow, repoUrl: string | undefined, commit: string): FailureEvidence {
  const link = (label: string, title: string, path: string): EvidenceLink => ({
    label,
    title,
    path,
    href: repoFileUrl(repoUrl, commit, path),
  });
  const links: EvidenceLink[] = [];
  if (f.evidence) {
    links.push(
      link('transcript', 'the raw exchange, recorded with curl or a recording server: no prober', f.evidence.file),
    );
    if (f.evidence.script) links.push(link('script', 'the script that recorded the transcript', f.evidence.script));
  }
  if (f.glue) links.push(link('glue', "the program that configured and ran the library (its README's setup)", f.glue));
  return {
    links,
    listHref: f.evidence ? `${librariesEvidenceUrl(f.revision)}#${evidenceAnchor(f)}` : undefined,
  };
}
