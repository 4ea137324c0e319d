// An earlier benchmark version's boards, kept when the version changes (`archive/<version>.json`, written by
// `npm run versions -- --bump`): what its leaderboard showed, so a result cited against that version stays readable
// after the boards move on. Never edited afterwards (`npm run check` refuses a changed or removed one).
import { z } from 'zod';
import { BoardSchema } from './board.ts';
import { NotAttemptedRowSchema } from './library-view.ts';
import { BenchmarkVersionSchema } from './versions.ts';
import type { Dataset } from './dataset.ts';

/** Format tag of an archive file. */
export const ARCHIVE_FORMAT = 'mcpfs.archive/1';

/** `archive/<version>.json`: the agent and library boards of one benchmark version as they stood at its end. */
export const BoardArchiveSchema = z.strictObject({
  /** Path of the JSON Schema for editors; ignored by the loader. */
  $schema: z.string().optional(),
  /** Always `mcpfs.archive/1`. */
  format: z.literal(ARCHIVE_FORMAT),
  /** The benchmark version whose boards these are. */
  version: BenchmarkVersionSchema.shape.version,
  /** The version that replaced it (its bump wrote this file). */
  supersededBy: BenchmarkVersionSchema.shape.version,
  /** When it was replaced: the new version's date (UTC, `YYYY-MM-DD`). */
  date: BenchmarkVersionSchema.shape.date,
  /** Trial records the boards were derived from. */
  trials: z.int().nonnegative(),
  /** The agent and library boards of every revision, as the data set had them (calibration is not kept). */
  boards: z.array(BoardSchema),
  /** The scenarios libraries could not attempt (the boards' n/a cells). */
  notAttempted: z.array(NotAttemptedRowSchema),
});
export type BoardArchive = z.infer<typeof BoardArchiveSchema>;

/** An archive as the data set lists it (`dataset.archives`), newest first. */
export const ArchiveRowSchema = BoardArchiveSchema.omit({ $schema: true, format: true });
export type ArchiveRow = z.infer<typeof ArchiveRowSchema>;

/** Where the archive of `version` lives in the project. */
export const archivePath = (version: string): string => `archive/${version}.json`;

/** The archive of a data set's boards as they stand, for the version `next` replaces on `date`. */
export function archiveOf(
  d: Pick<Dataset, 'boards' | 'libraries' | 'stats'>,
  version: string,
  next: string,
  date: string,
): BoardArchive {
  return {
    $schema: '/schema/board-archive.json',
    format: ARCHIVE_FORMAT,
    version,
    supersededBy: next,
    date,
    trials: d.stats.counts.trials,
    boards: d.boards.filter((b) => b.kind !== 'calibration'),
    notAttempted: [...d.libraries.notAttempted],
  };
}
