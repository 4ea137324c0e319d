// Board (revision × docs × kind) → table. Rows keep derive's order; this only labels and formats.
import type { Board, BoardRow, CellRow, Dataset } from '../bench/derive/dataset.ts';
import { DOCS_AXES, type DocsAxis, type Revision, type Role } from '../bench/schema/common.ts';
import { SubjectKindSchema, type SubjectKind } from '../bench/schema/subject.ts';
import { duration, heat, mayTally, pct, plural, round4, tokens, usd } from './format.ts';
import {
  costNote,
  coverageDisplay,
  intervalDisplay,
  intervalText,
  intervalValue,
  kDisplay,
  meanCount,
  methodNotes,
  rankDisplay,
} from './board-stats.ts';
import { isolationColumn, isolationDisplay, isolationNotes, isolationValue } from './isolation.ts';
import { notAttemptedIndex } from './libraries.ts';
import { revisionStats } from './stats.ts';
import { foldConstantColumns, type Column, type Display, type Table, type Value } from './table.ts';
import { calibrationBoardUrl, revisionUrl, scenarioUrl, subjectUrl, trialUrl } from './urls.ts';
import { verifiedBadge } from './verification.ts';
import { harnessLabel } from './harness-name.ts';
import { rowSourceDisplay, rowSourceIndex, rowSourceNotes } from './usage-source.ts';

/** Subject kinds in board order: agents, libraries, calibration. */
export const KINDS: readonly SubjectKind[] = SubjectKindSchema.options;

/**
 * Whether k = 1 is flagged for this kind: agents only (calibration runs are deterministic and run once by design;
 * libraries run three times, and a flaky verdict is listed on their pages).
 */
export const flagsK1 = (kind: SubjectKind | undefined): boolean => kind === 'agent';

export const KIND_TITLES: Record<SubjectKind, string> = {
  agent: 'Agents',
  library: 'Libraries',
  calibration: 'Calibration',
};
export const KIND_BLURBS: Record<SubjectKind, string> = {
  agent: 'Coding agents that implemented the transport from scratch, with no SDK.',
  library: 'Real MCP SDKs and frameworks, run through the same prober and reference server.',
  calibration: 'Oracle, null and mutant implementations: they show the judges separate right from wrong.',
};

export const boardId = (rev: Revision, docs: DocsAxis, kind: SubjectKind, role: Role | null = null): string =>
  `board-${rev}-${docs}-${kind}${role ? `-${role}` : ''}`;

/** A board's id (its table's id and anchor). */
export const idOfBoard = (b: Pick<Board, 'revision' | 'docs' | 'kind' | 'role'>): string =>
  boardId(b.revision, b.docs, b.kind, b.role);

/** Heading of a role board: the libraries of one role. */
export const ROLE_TITLES: Record<Role, string> = { server: 'Servers', client: 'Clients' };

/** Where a board is shown: the revision page, or the calibration board's own page. */
export const boardUrl = (b: Pick<Board, 'revision' | 'docs' | 'kind' | 'role'>): string =>
  `${b.kind === 'calibration' ? calibrationBoardUrl(b.revision) : revisionUrl(b.revision)}#${idOfBoard(b)}`;

/**
 * Agent rows per board on the revision page: at 10,000 trials (37 agents) both docs boards in full weighed more than
 * the 30 KB page budget; every row is on `/<rev>/agents/` and in the CSV.
 */
export const BOARD_PAGE_ROWS = 25;

/** Columns that stay on a board even when every row's value is empty (what a row is, and how it ranks). */
const ALWAYS_SHOWN = new Set(['subject', 'rank', 'overall', 'overall_ci', 'k', 'coverage']);

/**
 * The table without the columns that are empty on every row (agent-only usage columns on a library board, pass^k where
 * no cell ran k trials): a column of dashes tells nothing. Scenario columns stay (a dot or n/a is information).
 */
export function withoutEmptyColumns(t: Table, keep: (key: string) => boolean): Table {
  if (t.rows.length === 0) return t;
  const shown = t.columns.map((c, j) => keep(c.key) || t.rows.some((r) => r[j] !== null && r[j] !== undefined));
  const pick = <T>(xs: readonly T[]): T[] => xs.filter((_, j) => shown[j]);
  return { ...t, columns: pick(t.columns), rows: t.rows.map(pick), cells: t.cells.map(pick) };
}

/** Index of cell rows by `<revision>/<docs>/<subject>/<role>/<scenario>` for trial links. */
export function cellIndex(d: Pick<Dataset, 'cells'>): Map<string, CellRow> {
  return new Map(d.cells.map((c) => [`${c.revision}/${c.docs}/${c.subject}/${c.role}/${c.scenario}`, c]));
}

function scenarioTitle(d: Pick<Dataset, 'scenarios'>, rev: Revision, key: string): string {
  const [role, id] = key.split('/') as [string, string];
  return d.scenarios.find((s) => s.revision === rev && s.role === role && s.id === id)?.title ?? id;
}

function aggregateDisplay(a: BoardRow['overall']): Display {
  return {
    text: pct(a.mean),
    heat: heat(a.mean),
    ...(a.complete
      ? {}
      : { flag: `${a.present}/${a.expected}`, note: `only ${a.present} of ${a.expected} scenarios have a score` }),
  };
}

/**
 * One board as a table: subject, rank band, overall with its interval and k, then tokens, cost, time and tool calls,
 * pass@1 and pass^k, client, server, one column per scenario, MAY, infra, isolation.
 */
export function boardTable(
  d: Pick<Dataset, 'scenarios' | 'cells' | 'libraries' | 'method'> & Partial<Pick<Dataset, 'subjects' | 'trials'>>,
  b: Board,
  cells = cellIndex(d),
  skipped = notAttemptedIndex(d),
): Table {
  const m = d.method;
  const pc = `${Math.round(m.bootstrap.confidence * 100)}%`;
  // Score, its interval and k first, then what the score cost, then the splits and scenarios: cost sits by the score.
  const columns: Column[] = [
    { key: 'subject', label: 'Subject' },
    ...(b.kind === 'agent'
      ? [{ key: 'harness', label: 'Harness', title: 'The agent harness the model ran in, and its version' }]
      : []),
    { key: 'rank', label: '#', title: 'Rank band: rows whose intervals overlap share one', numeric: true },
    {
      key: 'overall',
      label: 'Overall',
      title: 'Mean of the scenario cells (a failed MUST zeroes a trial)',
      numeric: true,
    },
    ...(b.kind === 'library'
      ? [
          {
            key: 'transport',
            label: 'Transport code',
            title: "Whose Streamable HTTP code the library runs: its own, or an official SDK's (which package)",
          },
        ]
      : []),
    ...(b.role
      ? [
          {
            key: 'coverage',
            label: 'Scenarios',
            title: `Scenarios with a score, of the ${b.columns.length} ${b.role} scenarios of the revision (the score is over these)`,
            numeric: true,
          },
        ]
      : []),
    {
      key: 'overall_ci',
      label: `${pc} CI`,
      title: `${pc} cluster-bootstrap interval of the overall score (scenarios, then trials)`,
      numeric: true,
    },
    {
      key: 'k',
      label: 'k',
      title: `Smallest number of completed trials in a cell; below ${m.minK} the row is provisional`,
      numeric: true,
    },
    { key: 'input_tokens', label: 'In tok', title: 'Mean input tokens per trial', numeric: true },
    { key: 'output_tokens', label: 'Out tok', title: 'Mean output tokens per trial', numeric: true },
    {
      key: 'cost_usd',
      label: 'Cost',
      title: `Mean cost per trial (US$): pi's figure, else tokens × the price table of ${m.prices.asOf}`,
      numeric: true,
    },
    { key: 'wall_time_ms', label: 'Time', title: 'Mean agent wall time per trial', numeric: true },
    { key: 'tool_calls', label: 'Tools', title: 'Mean tool calls per trial', numeric: true },
    { key: 'pass_at_1', label: 'pass@1', title: 'Share of trials scoring 1, averaged over scenarios', numeric: true },
    {
      key: `pass_hat_${m.passHatK}`,
      label: `pass^${m.passHatK}`,
      title: `Chance that ${m.passHatK} trials of a scenario all score 1, averaged over scenarios`,
      numeric: true,
    },
    ...(b.role
      ? []
      : [
          { key: 'client', label: 'Client', title: 'Mean over client-role scenarios', numeric: true },
          { key: 'server', label: 'Server', title: 'Mean over server-role scenarios', numeric: true },
        ]),
    ...b.columns.map((key) => ({
      key,
      label: scenarioTitle(d, b.revision, key),
      title: key,
      numeric: true,
      group: key.split('/')[0],
      href: scenarioColumnHref(b.revision, key),
    })),
    {
      key: 'may',
      label: 'MAY',
      title: 'MAY tally: passed MAY checkpoints, summed over cells; breaks ties only',
      numeric: true,
    },
    { key: 'infra_errors', label: 'Infra', title: 'Infra-error trials, excluded from scores', numeric: true },
    isolationColumn(),
  ];
  const rows: Value[][] = [];
  const disp: Display[][] = [];
  const flagK = flagsK1(b.kind);
  const subjects = new Map((d.subjects ?? []).map((s) => [s.id, s]));
  const sources = rowSourceIndex((d.trials ?? []).filter((t) => t.revision === b.revision && t.docs === b.docs));
  const rowSources = b.rows.map((r) => sources.get(`${b.revision}/${b.docs}/${r.subject}`));
  for (const [ri, r] of b.rows.entries()) {
    const source = rowSourceDisplay(rowSources[ri]);
    const scen = b.columns.map((key) => {
      const c = r.cells[key];
      const cr = cells.get(`${b.revision}/${b.docs}/${r.subject}/${key}`);
      const na = skipped.get(`${b.revision}/${r.subject}/${key}`);
      if (!c && na) return { v: null, d: { text: 'n/a', note: `not attempted: ${na.reason}` } satisfies Display };
      if (!c) return { v: null, d: { text: '·', note: 'not run' } satisfies Display };
      const first = cr?.trials[0];
      const spread = c.min !== null && c.max !== null && c.min !== c.max ? ` · range ${pct(c.min)}–${pct(c.max)}` : '';
      const infra = [
        c.infraErrors ? plural(c.infraErrors, 'infra-error') : '',
        c.contaminated ? `${c.contaminated} contaminated` : '',
      ]
        .filter(Boolean)
        .map((x) => ` · ${x} excluded`)
        .join('');
      return {
        v: round4(c.mean),
        d: {
          text: pct(c.mean),
          heat: heat(c.mean),
          ...(first ? { href: trialUrl(first) } : {}),
          note: `k=${c.k} · ${pc} CI ${intervalText(c.interval)} · pass@1 ${pct(c.passAt1)}${spread}${infra}`,
          ...(flagK && c.k === 1 ? { flag: 'k=1' } : {}),
        } satisfies Display,
      };
    });
    const lineage = b.kind === 'library' ? transportOf(d, r.subject, b.role) : undefined;
    const harness = b.kind === 'agent' ? harnessLabel(r.subject, subjects.get(r.subject)) : null;
    rows.push([
      r.subject,
      ...(b.kind === 'agent' ? [harness] : []),
      r.rank,
      round4(r.overall.mean),
      ...(b.kind === 'library' ? [lineage?.short ?? null] : []),
      ...(b.role ? [r.overall.present] : []),
      intervalValue(r.overall.interval),
      r.minK,
      round4(r.usage.inputTokens ?? null),
      round4(r.usage.outputTokens ?? null),
      round4(r.usage.costUsd ?? null),
      round4(r.usage.wallTimeMs ?? null),
      round4(r.usage.toolCalls ?? null),
      round4(r.overall.passAt1),
      round4(r.overall.passHatK),
      ...(b.role ? [] : [round4(r.client.mean), round4(r.server.mean)]),
      ...scen.map((s) => s.v),
      round4(r.mayTally),
      r.infraErrors,
      isolationValue(r.isolation),
    ]);
    const note = costNote(r, m);
    const badge = verifiedBadge(r);
    disp.push([
      { text: r.label, href: subjectUrl(r.subject), note: r.subject, ...(badge ? { badge } : {}) },
      ...(b.kind === 'agent' ? [{ text: harness ?? '—' }] : []),
      rankDisplay(r),
      b.role ? { text: pct(r.overall.mean), heat: heat(r.overall.mean) } : aggregateDisplay(r.overall),
      ...(b.kind === 'library' ? [{ text: lineage?.short ?? '—', ...(lineage ? { note: lineage.note } : {}) }] : []),
      ...(b.role ? [coverageDisplay(r.overall)] : []),
      intervalDisplay(r.overall, m),
      kDisplay(r, m, flagK),
      { text: tokens(r.usage.inputTokens), ...(r.usage.inputTokens !== undefined ? source : {}) },
      {
        text: tokens(r.usage.outputTokens),
        ...(r.usage.outputTokens !== undefined && source.note ? { note: source.note } : {}),
      },
      {
        text: usd(r.usage.costUsd),
        ...(note
          ? {
              note: [note, r.usage.costUsd !== undefined && source.flag ? source.note : undefined]
                .filter(Boolean)
                .join('; '),
            }
          : {}),
      },
      { text: duration(r.usage.wallTimeMs) },
      { text: meanCount(r.usage.toolCalls) },
      { text: pct(r.overall.passAt1) },
      {
        text: pct(r.overall.passHatK),
        ...(r.overall.passHatK === null && r.overall.mean !== null
          ? { note: `needs k ≥ ${m.passHatK} in every cell` }
          : {}),
      },
      ...(b.role ? [] : [aggregateDisplay(r.client), aggregateDisplay(r.server)]),
      ...scen.map((s) => s.d),
      { text: mayTally(r.mayTally) },
      { text: r.infraErrors ? String(r.infraErrors) : '0' },
      isolationDisplay(r.isolation),
    ]);
  }
  const notes = [
    ...(b.infraErrors
      ? [
          `${plural(b.infraErrors, 'infra-error trial')} (the harness failed, not the subject) excluded from every score on this board.`,
        ]
      : []),
    ...(flagK && b.rows.some((r) => r.minK === 1)
      ? ['k=1: a cell with a single completed trial; its score may not repeat.']
      : []),
    ...methodNotes(b.rows, m, flagK),
    ...rowSourceNotes(rowSources),
    ...isolationNotes(b.rows.map((r) => r.isolation)),
    ...(b.rows.some((r) => verifiedBadge(r))
      ? [
          're-run verified: every completed trial of the row was run again by npm run verify from its solution snapshot, in a fresh sandbox, and judged the same on every checkpoint (n/m: n of its m trials were).',
        ]
      : []),
    ...(b.role
      ? [
          `Ranked among ${b.role}s by the score over the ${b.role} scenarios each library attempted; "Scenarios" says how many of the ${b.columns.length} that is.`,
        ]
      : []),
    ...(!b.role && b.rows.some((r) => !r.overall.complete)
      ? ['n/m after a score: only n of m scenarios have a score; incomplete rows rank after complete ones.']
      : []),
    ...(b.others.length
      ? [
          `Greyed, not ranked: ${b.others.map((o) => `${o.label} speaks protocol version ${o.negotiates}`).join('; ')}; asked for ${b.revision}, it answers with that version, so this revision's sentences do not bind it (the Methodology page says why).`,
        ]
      : []),
    ...(b.rows.some((r) => b.columns.some((key) => !r.cells[key] && skipped.has(`${b.revision}/${r.subject}/${key}`)))
      ? [
          'n/a: the library cannot do this scenario (hover for the reason; the Methodology page lists them); not a score, and not counted in the mean.',
        ]
      : []),
  ];
  // Libraries that speak another protocol version: greyed rows after the ranked ones, in a body of their own.
  for (const o of b.others) {
    rows.push(columns.map((c) => (c.key === 'subject' ? o.subject : null)));
    disp.push(
      columns.map((c): Display =>
        c.key === 'subject'
          ? { text: o.label, note: o.subject }
          : c.key === 'overall'
            ? { text: `speaks ${o.negotiates}`, note: o.reason }
            : { text: '' },
      ),
    );
  }
  const ranked = b.rows.length;
  const table: Table = {
    id: idOfBoard(b),
    caption: b.role
      ? `${KIND_TITLES[b.kind]} · ${ROLE_TITLES[b.role].toLowerCase()} · ${b.revision}`
      : `${KIND_TITLES[b.kind]} · ${b.revision} · docs ${b.docs}`,
    columns,
    rows,
    cells: disp,
    notes,
    ...(b.others.length
      ? {
          sections: [
            { label: 'Ranked', rows: ranked },
            { label: `Speaks another protocol version: not ranked on ${b.revision}`, rows: b.others.length },
          ],
          rowData: rows.map((_, i): Record<string, string> => (i < ranked ? {} : { status: 'other-version' })),
        }
      : {}),
  };
  // An isolation kind every row shares is said once, under the board (a column of one word tells nothing more).
  const folded = foldConstantColumns(table, ['isolation']);
  return b.kind === 'agent' ? folded : withoutEmptyColumns(folded, (k) => ALWAYS_SHOWN.has(k) || k.includes('/'));
}

/** Scenario column headers link to scenario pages. */
function scenarioColumnHref(rev: Revision, key: string): string {
  const [role, id] = key.split('/') as ['client' | 'server', string];
  return scenarioUrl(rev, role, id);
}

/**
 * Boards of one revision and kind, `none` then `full`, servers before clients for libraries (derive writes every
 * revision × docs × kind board, libraries once per role).
 */
export function boardsFor(d: Pick<Dataset, 'boards'>, rev: Revision, kind: SubjectKind): Board[] {
  const roles: (Role | null)[] = kind === 'library' ? ['server', 'client'] : [null];
  return DOCS_AXES.flatMap((docs) =>
    roles.map((role) => {
      const b = d.boards.find((x) => x.revision === rev && x.docs === docs && x.kind === kind && x.role === role);
      if (!b)
        throw new Error(
          `no board ${boardId(rev, docs, kind, role)} in the data set\n  hint: re-run \`npm run derive\``,
        );
      return b;
    }),
  );
}

/** What BoardPair shows for one revision × kind: which docs sides, and whether to invite, fold or count. */
export interface BoardPairView {
  /** Heading id of the section (`<kind>-<revision>`, linked from subject pages). */
  id: string;
  /** The boards shown side by side: libraries and calibration runs do not read docs, so their `full` side only when it has rows. */
  shown: Board[];
  /** No agent run on either docs axis: one invitation instead of two empty tables. */
  noAgents: boolean;
  /** The calibration board is long (oracle, null, one row per mutant): folded when the page already summarises it. */
  fold: boolean;
  /** Distinct subjects over both docs sides. */
  subjects: number;
}

export function boardPairView(
  d: Pick<Dataset, 'boards' | 'stats'>,
  rev: Revision,
  kind: SubjectKind,
  summarised: boolean,
): BoardPairView {
  const boards = boardsFor(d, rev, kind);
  const empty = boards.every((b) => b.rows.length === 0);
  return {
    id: `${kind}-${rev}`,
    shown: kind === 'agent' ? boards : boards.filter((b) => b.docs === 'none' || b.rows.length > 0),
    noAgents: kind === 'agent' && empty,
    fold: kind === 'calibration' && summarised && !empty,
    subjects: revisionStats(d, rev).subjects[kind],
  };
}

/** A library row's transport lineage, short ("own", "SDK") and in full, from the registry (none when unregistered). */
function transportOf(
  d: Pick<Dataset, 'libraries'>,
  subject: string,
  role: Role | null,
): { short: string; note: string } | undefined {
  const reg = d.libraries.registered.find((r) => r.subject === subject);
  const t = role === 'client' && reg?.clientTransport ? reg.clientTransport : reg?.transport;
  if (!t) return undefined;
  return { short: t.code === 'own' ? 'own' : sdkName(t.package, t.version), note: t.note };
}

/** An official SDK package as a board cell says it: "SDK 1.32.2", "SDK v2 2.4.0", "SDK v2 (bundled)". */
function sdkName(pkg: string | undefined, version: string | undefined): string {
  const line = pkg === '@modelcontextprotocol/sdk' ? 'SDK' : pkg?.startsWith('@modelcontextprotocol/') ? 'SDK v2' : pkg;
  return `${line ?? 'SDK'} ${version ?? '(bundled)'}`;
}
