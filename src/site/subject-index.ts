// The subjects index: every subject (agents, libraries, calibration), one body per kind, linked to its page, with the
// boards it is ranked on and how many trials it has. Subjects are few (one per model × harness × thinking level, or
// per library version), so one page holds them all at any number of trials.
import type { Board, Dataset } from '../bench/derive/dataset.ts';
import { subjectPlace } from './harness-boards.ts';
import { byKind } from './sections.ts';
import type { Display, Table, Value } from './table.ts';
import { revisionUrl, subjectUrl } from './urls.ts';

/** How a board is named beside a subject: revision and docs axis, or revision and role (library role boards). */
export const boardName = (b: Pick<Board, 'revision' | 'docs' | 'role'>): string =>
  b.role ? `${b.revision} · ${b.role}s` : `${b.revision} · docs ${b.docs}`;

export function subjectsTable(d: Pick<Dataset, 'subjects' | 'boards' | 'trials'>): Table {
  const trials = new Map<string, number>();
  for (const t of d.trials) trials.set(t.subject.id, (trials.get(t.subject.id) ?? 0) + 1);
  const { items, sections } = byKind(d.subjects, (s) => s.kind);
  const boardsOf = (id: string) => d.boards.filter((b) => b.rows.some((r) => r.subject === id));
  return {
    id: 'subjects',
    caption: 'Every subject',
    columns: [
      { key: 'subject', label: 'Subject' },
      { key: 'kind', label: 'Kind' },
      { key: 'boards', label: 'Boards', title: 'The boards the subject is ranked on (board ids in the download)' },
      { key: 'trials', label: 'Trials', numeric: true, title: 'Trial records, infra-errors included' },
    ],
    rows: items.map((s): Value[] => [
      s.id,
      s.kind,
      boardsOf(s.id)
        .map((b) => subjectPlace(d, b, s.id).id)
        .join(' '),
      trials.get(s.id) ?? 0,
    ]),
    cells: items.map((s): Display[] => {
      const boards = boardsOf(s.id);
      return [
        { text: s.label, href: subjectUrl(s.id) },
        { text: s.kind },
        boards.length === 0
          ? { text: '—' }
          : {
              text: '',
              links: boards.map((b) => ({ text: boardName(b), href: subjectPlace(d, b, s.id).href })),
            },
        { text: String(trials.get(s.id) ?? 0) },
      ];
    }),
    notes: [],
    sections,
  };
}
