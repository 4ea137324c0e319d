// The report model → Markdown for a pull request comment. Every string a contributor controls (labels, reasons) is
// escaped: a comment must not render links, images, HTML or @-mentions out of a record.
import type { BoardChange, PrReport, ReportTrial, RowChange, TrialVerificationState } from './report-model.ts';

/** Text as inert Markdown: HTML and Markdown punctuation escaped, `@` never a mention, one line. */
export function inert(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\`*_{}[\]()#+!|~:])/g, '\\$1')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@/g, '&#64;');
}

/**
 * An id (subject, scenario: `[A-Za-z0-9@._+-/]`, checked by the schemas) or a ref as a code span: one line and no
 * backtick, so a ref or calibration key from a report file (preview-deploy.yml reads one) cannot end the span or line.
 */
const code = (s: string) => `\`${s.replace(/\s+/g, ' ').replace(/`/g, '')}\``;

const score = (v: number | null) => (v === null ? '–' : v.toFixed(3));
const arrow = <T>(c: { old: T | null; new: T | null }, f: (v: T | null) => string) =>
  c.old === c.new ? f(c.new) : `${f(c.old)} → ${f(c.new)}`;
const rank = (v: number | null) => (v === null ? '–' : String(v));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function boardTable(b: BoardChange): string[] {
  const kind = b.kind === 'agent' ? 'agents' : b.kind === 'library' ? 'libraries' : 'calibration';
  const title = b.role ? `#### ${b.revision} · ${kind} · ${b.role}s` : `#### ${b.revision} · docs ${b.docs} · ${kind}`;
  const row = (r: RowChange) =>
    `| ${inert(r.label)} (${code(r.subject)}) | ${r.change} | ${arrow(r.score, score)} | ${arrow(r.rank, rank)} | ${arrow(r.client, score)} | ${arrow(r.server, score)} |`;
  return [
    title,
    '',
    '| subject | change | score | rank | client | server |',
    '| --- | --- | --- | --- | --- | --- |',
    ...b.rows.map(row),
    '',
  ];
}

function trialLink(t: ReportTrial, preview: string | undefined): string {
  return preview ? `[${code(t.id)}](${preview}/trials/${t.id}/)` : code(t.id);
}

function trialTable(ts: readonly ReportTrial[], preview: string | undefined): string[] {
  const row = (t: ReportTrial) =>
    `| ${trialLink(t, preview)} | ${code(t.subject)} | ${t.revision} ${t.role} ${code(t.scenario)} | ${t.docs} | ${t.k} | ${t.status} | ${score(t.score)} | ${t.change} |`;
  return [
    '| trial | subject | scenario | docs | k | status | score | change |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...ts.map(row),
    '',
  ];
}

function calibrationLine(c: PrReport['calibration']): string {
  if (!c) return 'unknown (the head did not derive)';
  const shown = c.failing.slice(0, 5).map(code).join(', ');
  const more = c.failing.length > 5 ? ` and ${c.failing.length - 5} more` : '';
  const state = c.failing.length === 0 ? 'passes' : `fails on ${shown}${more}`;
  return `${state}: ${c.ok} / ${c.total} scenarios (${c.changed ? 'changed by this pull request' : 'unchanged'})`;
}

/** States in the order the line lists them, and how each reads. */
const STATE_WORDS: [TrialVerificationState, string][] = [
  ['agrees', 're-run verified'],
  ['disagrees', 'disagree on re-run'],
  ['infra-error', "infra-error (the verifier's harness failed)"],
  ['stale', 'stale (an older scenario version)'],
  ['unverified', 'not yet verified'],
];

/** The verification line: the agent trials per state, each state but agreement with its trials' links. */
function verificationLine(r: PrReport, preview: string | undefined): string {
  const v = r.verification;
  if (!v) return 'unknown (the head did not derive)';
  if (v.agentTrials === 0) return 'no agent trial added or changed';
  const parts = STATE_WORDS.filter(([s]) => v.counts[s] > 0).map(([s, words]) => {
    const ts = r.trials.filter((t) => t.verification === s);
    const links = s === 'agrees' ? '' : `: ${ts.map((t) => trialLink(t, preview)).join(', ')}`;
    return `${v.counts[s]} ${words}${links}`;
  });
  const hint = v.counts.unverified > 0 ? ' (`npm run verify -- <record>` re-runs one)' : '';
  return `${plural(v.agentTrials, 'agent trial')}: ${parts.join('; ')}${hint}`;
}

/** Problems in a fenced block (they quote paths and file content: never rendered as Markdown). */
const block = (lines: readonly string[]) => ['```text', ...lines.map((l) => l.replace(/```/g, "'''")), '```', ''];

/**
 * The comment. `preview`: base URL of the pull request's preview site (trial pages link there), without a trailing `/`.
 * `previewStatus`: Markdown for a **preview** line (where the preview is, or why there is none), written by the trusted
 * side of the preview workflow (scripts/deploy/preview.ts); it replaces the note that trial ids are not linked.
 */
export function reportMarkdown(
  r: PrReport,
  preview?: string,
  { previewStatus }: { previewStatus?: string } = {},
): string {
  const rec = r.records;
  const out: string[] = [
    '### MCP From Scratch: records in this pull request',
    '',
    `Compared with ${code(r.base.ref)} at ${code(r.base.commit.slice(0, 12))}: ${plural(rec.added, 'record')} added, ${rec.changed} changed, ${rec.removed} removed.`,
    '',
    `- **check**: ${r.check.length === 0 ? 'passed' : `${plural(r.check.length, 'problem')} (run \`npm run check\`)`}`,
    `- **calibration**: ${calibrationLine(r.calibration)}`,
    `- **conformance**: ${r.conformanceChanged ? '`conformance/` changed: CI compares `npm run conformance` with the new expectations' : 'unchanged (`conformance/` untouched; it tests our oracle, not submitted records)'}`,
    `- **verification**: ${verificationLine(r, preview)}`,
    ...(previewStatus === undefined ? [] : [`- **preview**: ${previewStatus}`]),
    '',
  ];
  if (r.check.length) out.push('#### check problems', '', ...block(r.check));
  if (r.derive.length) out.push('#### the head does not derive', '', ...block(r.derive));
  if (r.boards.length)
    out.push(
      '#### Boards',
      '',
      ...r.boards.flatMap((b) => boardTable(b).map((l, i) => (i === 0 ? l.replace('####', '#####') : l))),
    );
  else if (r.derive.length === 0) out.push('No board row changes.', '');
  const flagged = r.trials.filter((t) => t.status !== 'completed');
  out.push('#### New infra-error or contaminated trials', '');
  if (flagged.length === 0) out.push('none', '');
  else
    out.push(
      ...flagged.map((t) => `- ${trialLink(t, preview)}: ${t.status}${t.reason ? `: ${inert(t.reason)}` : ''}`),
      '',
    );
  if (r.trials.length) {
    out.push('#### Trials', '');
    if (!preview && previewStatus === undefined)
      out.push('No preview URL given (`--preview-url` or `MCPFS_PREVIEW_URL`): trial ids are not linked.', '');
    out.push(...trialTable(r.trials, preview));
  }
  return out.join('\n').replace(/\n+$/, '') + '\n';
}
