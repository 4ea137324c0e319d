// The probe's replay as one self-contained HTML file (`npm run probe -- --html <file>`): per probed scenario, what the
// site's trial page shows (header and score line, verdict table with sentence quotes, timeline, wire exchanges with
// headers, bodies and SSE events), built from the same pure view model (bench/replay/view.ts `replayView`, the
// row derive would list: bench/derive/trial-row.ts) and styled with the site's own stylesheets (site.css and
// replay.css, passed in as text: the core reads no files). No Astro: the prober package ships without it.
//
// Strings only, and every one from the wire or a record is escaped (escapeHtml; JSON bodies through json-tokens.ts,
// which escapes every token): a hostile peer's text never becomes markup. Nothing is fetched: no external style,
// script, font or image, and no http(s) link; a CSP meta allows inline styles and one script (by its hash) that opens
// the exchange a link points at.
import { createHash } from 'node:crypto';
import { trialRow } from '../derive/trial-row.ts';
import { requestCount } from '../derive/trial-digest.ts';
import type { BodyView } from '../replay/body.ts';
import type { ExchangeView } from '../replay/exchanges.ts';
import { HIGHLIGHT_LIMIT, highlightPrettyJson } from '../replay/json-tokens.ts';
import { fmtMs, timelineLegend, type TimelineGeom } from '../replay/timeline.ts';
import { replayView, type ReplayView, type VerdictView } from '../replay/view.ts';
import type { Headers, WireLog } from '../schema/wire-event.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { TrialRecord } from '../schema/trial.ts';
import { scoreTrial } from '../scoring/score.ts';
import { skippedReport } from '../wire-schema/types.ts';
import { escapeHtml as esc, inlineMd } from './markdown.ts';
import { scoreLine, type ProbedScenario, type ProbeRun } from './probe-report.ts';

/** One probed scenario with what its replay needs: the whole record, its wire log and the scenario's checkpoints. */
export interface ReplayProbe extends ProbedScenario {
  record: TrialRecord;
  log: WireLog;
  /** The scenario's checkpoints: each verdict shows its sentence's quote and the judge's rule. */
  checkpoints?: Scenario['checkpoints'];
}

/** A probe run whose scenarios carry their records and wire logs in full. */
export interface ReplayRun extends Omit<ProbeRun, 'probed'> {
  probed: ReplayProbe[];
}

/** Why a probe's replay shows no schema findings: the pinned schema lives with the spec, not with the prober. */
export const PROBE_SCHEMA_REASON = 'the prober does not check messages against the pinned schema';

/**
 * The replay view of one probed scenario: the site's view model of the row derive would list for the record, every
 * exchange on one page, links as fragments (`#x-<n>`, `#v-<slug>`; the renderer prefixes them per scenario).
 */
export function probeReplayView(p: ReplayProbe): ReplayView {
  const trial = trialRow(
    {
      path: 'results/probe/record.json',
      record: p.record,
      wirePath: 'results/probe/wire.jsonl',
      requests: requestCount(p.log),
    },
    skippedReport(PROBE_SCHEMA_REASON),
  );
  return replayView({
    trial,
    log: p.log,
    trialHref: '',
    pageSize: Number.MAX_SAFE_INTEGER,
    ...(p.checkpoints ? { scenario: { checkpoints: p.checkpoints } } : {}),
  });
}

/** Follows a link to an exchange or verdict: opens the `<details>` that holds the target (the site's replay.js does the same). */
export const OPEN_TARGET_SCRIPT =
  "(function(){function o(){var e;try{e=document.getElementById(decodeURIComponent(location.hash.slice(1)))}catch(_){}for(;e;e=e.parentElement)if(e.tagName==='DETAILS')e.open=true}addEventListener('hashchange',o);o()})();";

/** The report's Content-Security-Policy: nothing fetched, inline styles, and only the script above. */
export const REPORT_CSP = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${createHash('sha256').update(OPEN_TARGET_SCRIPT).digest('base64')}'; base-uri 'none'; form-action 'none'`;

const n = (v: number): string => v.toLocaleString('en-US');
/** A quote or rule as inline markdown, its links reduced to their text (no link leaves the file). */
const md = (text: string): string => inlineMd(text.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '$1'));

/**
 * The whole report: a summary table, then one `<section id="s<i>">` per probed scenario. `styles` is the stylesheet
 * text to inline (the site's site.css and replay.css: src/harness/io/report-styles.ts reads them).
 */
export function probeHtml(run: ReplayRun, styles: string): string {
  if (/<\/style/i.test(styles)) throw new Error('probeHtml: the stylesheet text holds "</style"');
  const title = `MCP From Scratch probe: ${run.role} role, revision ${run.revision}`;
  const views = run.probed.map(probeReplayView);
  const rows = run.probed.map(({ scenario, record }, i) => {
    const s = scoreTrial(record.verdicts);
    return `<tr><th scope="row"><a href="#s${i}">${esc(scenario)}</a></th><td class="num">${s.score.toFixed(3)}</td><td class="num">${s.mustFailed.length}</td><td class="num">${s.should.passed}/${s.should.applicable}</td></tr>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${esc(REPORT_CSP)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${esc(title)}</title>
<style>
${styles}
</style>
</head>
<body>
<main id="main">
<h1>${esc(title)}</h1>
<p class="lead rp-lead">${run.role === 'server' ? 'Endpoint' : 'Client command'}: <code>${esc(run.url)}</code></p>
<div class="scroll"><table class="rp-summary">
<thead><tr><th scope="col">Scenario</th><th scope="col" class="num">Score</th><th scope="col" class="num">MUST failed</th><th scope="col" class="num">SHOULD passed</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table></div>
<div class="rp-filters" role="group" aria-label="Filters">
<label><input type="checkbox" id="f-fail"> only failing evidence</label>
<label><input type="checkbox" id="f-sse"> only SSE exchanges</label>
</div>
${run.probed.map((p, i) => scenarioSection(run, p, views[i]!, `s${i}`)).join('\n')}
</main>
<script>${OPEN_TARGET_SCRIPT}</script>
</body>
</html>
`;
}

/** One scenario: header, verdicts, timeline, exchanges; every id and fragment prefixed with `<id>-`. */
function scenarioSection(run: ReplayRun, p: ReplayProbe, view: ReplayView, id: string): string {
  const t = view.trial;
  const a = view.attribution;
  const local = (href: string): string => {
    if (!href.startsWith('#')) throw new Error(`probeHtml: a replay link that leaves the file: ${href}`);
    return `#${id}-${href.slice(1)}`;
  };
  const cls = a.infra.value ? 'infra' : t.score && t.score.mustFailed.length === 0 ? 'good' : 'bad';
  const firstX = a.firstMustFailed?.x;
  const first = a.firstMustFailed
    ? `<a href="${local(`#v-${a.firstMustFailed.checkpoint}`)}"><code>${esc(a.firstMustFailed.checkpoint)}</code></a>${firstX !== undefined ? ` at <a href="${local(`#x-${firstX}`)}">exchange #${firstX}</a>` : ''}`
    : 'none';
  const wire = view.wire
    ? `<dt>Wire log</dt><dd>${view.wire.perspective === 'prober' ? 'the harness probed the subject' : "the subject's client called the reference server"} · started ${esc(view.wire.startedAt)} · body cap ${n(view.wire.bodyCap)} bytes</dd>`
    : '';
  return `<section class="rp-scenario" id="${id}" aria-labelledby="${id}-h">
<h2 id="${id}-h">${esc(p.title)} <code>${esc(p.scenario)}</code></h2>
<p class="lead rp-lead">${esc(scoreLine(p.record))}</p>
<section class="rp-attr ${cls}" aria-label="Failure attribution">
<p class="headline">${esc(a.headline)}</p>
<ul>
<li>Infrastructure error: ${a.infra.value ? `yes — ${esc(a.infra.reason ?? '')}` : 'no'}</li>
<li>Endpoint came up: ${esc(a.endpointUp.value)} — ${esc(a.endpointUp.why)}</li>
<li>${esc(a.agentFinished.label)}: ${esc(a.agentFinished.value)} — ${esc(a.agentFinished.why)}</li>
<li>First MUST failure: ${first}</li>
</ul>
</section>
<dl class="facts">
<dt>Subject</dt><dd>${esc(t.subject.label)} <code>${esc(t.subject.id)}</code></dd>
<dt>Scenario</dt><dd>${esc(t.scenario)} · revision ${esc(t.revision)} · ${esc(t.role)} role</dd>
<dt>${run.role === 'server' ? 'Endpoint' : 'Client command'}</dt><dd><code>${esc(run.url)}</code></dd>
<dt>Started</dt><dd>${esc(t.startedAt)}</dd>
<dt>Ended</dt><dd>${esc(t.endedAt)} (${fmtMs(t.durationMs)})</dd>
<dt>Status</dt><dd>${esc(t.status)}${t.infraReason ? ` — ${esc(t.infraReason)}` : ''}</dd>
<dt>Spec commit</dt><dd><code>${esc(t.specCommit)}</code></dd>
<dt>Benchmark</dt><dd>${esc(t.benchmarkVersion)}</dd>
${wire}
<dt>Exchanges</dt><dd>${view.counts.exchanges} (${view.counts.sseEvents} SSE events, ${view.counts.errors} transport errors)</dd>
<dt>Schema</dt><dd>${esc(view.schema.line)}</dd>
<dt>Score</dt><dd><b>${t.score ? t.score.score.toFixed(3) : '—'}</b></dd>
</dl>
<ul class="rp-note">
${view.derivation.map((l) => `<li>${esc(l)}</li>`).join('\n')}
</ul>
<h3 id="${id}-verdicts">Verdicts</h3>
${verdictTable(view.verdicts, local, id)}
${view.exchanges.length ? `<h3 id="${id}-timeline">Timeline</h3>\n${timeline(view.timeline, `Wire exchanges over time (${view.exchanges.length}); ticks on a bar are the status line and SSE events; marks on top are connections`, local)}` : ''}
<h3 id="${id}-wire">Wire replay</h3>
${view.exchanges.length ? view.exchanges.map((ex) => exchange(ex, local, id, ex.x === firstX)).join('\n') : '<p class="empty">No exchanges were recorded.</p>'}
${
  view.marks.length
    ? `<details><summary>Connections and harness notes (${view.marks.length})</summary><ul class="rp-note">${view.marks
        .map((m) => `<li>+${fmtMs(m.t)} · ${esc(m.kind)} · ${esc(m.text)}</li>`)
        .join('')}</ul></details>`
    : ''
}
</section>`;
}

const links = (ls: readonly { x: number; href: string }[], local: (h: string) => string): string =>
  ls.map((l) => `<a href="${local(l.href)}">#${l.x}</a>`).join(', ');

function verdictTable(verdicts: readonly VerdictView[], local: (h: string) => string, id: string): string {
  if (verdicts.length === 0) return '<p class="empty">No verdicts: infra-error trials are not judged.</p>';
  const rows = verdicts.map((v) => {
    const sentence = [
      esc(v.spec ?? 'task'),
      v.sentence ? `<span class="quote">${md(v.sentence.quote)}</span>` : '',
      v.rule ? `<span class="quote rule">Judge's rule: <span>${md(v.rule)}</span></span>` : '',
    ].join('');
    const notes = [
      v.consequenceOf
        ? `<p class="note">Consequence of <a href="${local(`#v-${v.consequenceOf}`)}"><code>${esc(v.consequenceOf)}</code></a>: shown, not counted in the score.</p>`
        : '',
      v.strict
        ? `<p class="note">Strict reading (contested, not scored): <span class="v-${esc(v.strict.verdict)}">${esc(v.strict.verdict)}</span> — ${esc(v.strict.message)}</p>`
        : '',
    ].join('');
    const evidence = v.evidenceLinks.length ? links(v.evidenceLinks, local) : '—';
    return `<tr id="${id}-v-${esc(v.checkpoint)}">
<th scope="row"><code>${esc(v.checkpoint)}</code></th>
<td data-label="Level">${esc(v.level)}</td>
<td class="sentence" data-label="Sentence">${sentence}</td>
<td class="v-${esc(v.verdict)}" data-label="Verdict">${esc(v.verdict)}${v.consequenceOf ? '<span class="muted"> (not counted)</span>' : ''}</td>
<td class="msg" data-label="Message">${esc(v.message)}${notes}</td>
<td data-label="Exchanges">${evidence}</td>
</tr>`;
  });
  return `<div class="scroll"><table class="rp-verdicts">
<thead><tr><th scope="col">Checkpoint</th><th scope="col">Level</th><th scope="col">Sentence</th><th scope="col">Verdict</th><th scope="col">Message</th><th scope="col">Exchanges</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table></div>`;
}

/** The timeline SVG and its legend, as src/components/replay/Timeline.astro draws them. */
function timeline(g: TimelineGeom, label: string, local: (h: string) => string): string {
  const legend = timelineLegend(g);
  const key = (e: (typeof legend)[number]): string =>
    e.shape === 'bar'
      ? `<rect class="${e.cls}" x="0" y="1" width="16" height="7"></rect>`
      : e.shape === 'tick'
        ? `<rect class="${e.cls === 'sse' ? 'sse' : 'ok'}" x="0" y="1" width="16" height="7"></rect><line class="dot ${e.cls}" x1="8" x2="8" y1="1" y2="8"></line>`
        : `<line class="mark ${e.cls}" x1="8" x2="8" y1="0" y2="9"></line>`;
  return `<figure class="rp-tl">
<svg viewBox="0 0 ${g.width} ${g.height}" role="group" aria-label="${esc(label)}"><title>${esc(label)}</title>${g.ticks
    .map(
      (t) =>
        `<g><line class="grid" x1="${t.x}" x2="${t.x}" y1="12" y2="${g.height}"></line><text class="tick" x="${t.x}" y="10" text-anchor="${t.anchor}">${esc(t.label)}</text></g>`,
    )
    .join('')}${g.marks
    .map(
      (m) =>
        `<line class="mark ${esc(m.cls)}" x1="${m.x}" x2="${m.x}" y1="13" y2="19"><title>${esc(m.title)}</title></line>`,
    )
    .join('')}${[...g.turns, ...g.bars]
    .map(
      (b) =>
        `<a href="${local(b.href)}"><rect class="${esc(b.cls)}" x="${b.x}" y="${b.y}" width="${b.w}" height="7"><title>${esc(b.title)}</title></rect></a>`,
    )
    .join('')}${g.dots
    .map(
      (d) =>
        `<line class="dot ${esc(d.cls)}" x1="${d.x}" x2="${d.x}" y1="${d.y}" y2="${d.y + 7}"><title>${esc(d.title)}</title></line>`,
    )
    .join('')}</svg>
<figcaption class="rp-note">${esc(label)}. Time runs left to right from the start of the wire log; each row below the top track is a lane of exchanges that overlap in time; select a bar to open its exchange.${
    legend.length
      ? `<ul class="rp-legend" aria-label="Legend">${legend.map((e) => `<li><svg class="rp-tl-key" viewBox="0 0 16 9" width="16" height="9" aria-hidden="true">${key(e)}</svg>${esc(e.label)}</li>`).join('')}</ul>`
      : ''
  }</figcaption>
</figure>`;
}

/** One exchange, collapsed to its summary line, as src/components/replay/Exchange.astro draws it. */
function exchange(ex: ExchangeView, local: (h: string) => string, id: string, open: boolean): string {
  const status = ex.status === undefined ? 'err' : `s${String(ex.status)[0]}`;
  const failed = ex.verdicts.filter((v) => v.verdict === 'fail');
  const attrs = `${open ? ' open' : ''} data-step=""${ex.failing ? ' data-fail=""' : ''}${ex.sse.length ? ' data-sse=""' : ''}`;
  const summary = [
    `<span class="rp-t">+${fmtMs(ex.t)}</span> <b>#${ex.x}</b> <code>${esc(ex.method)} ${esc(ex.path)}</code>`,
    ex.rpc.length ? `<span> ${esc(ex.rpc.join(', '))}</span>` : '',
    ` → <span class="st ${status}">${esc(String(ex.status ?? (ex.error ? ex.error.code : 'no response')))}</span>`,
    ex.sse.length ? ` <span class="badge">SSE × ${ex.sse.length}</span>` : '',
    ex.responseBody?.truncated ? ' <span class="badge">truncated</span>' : '',
    failed.length ? `<span class="v-fail"> ✗ ${esc(failed.map((v) => v.checkpoint).join(', '))}</span>` : '',
  ].join('');
  const timing = [
    ex.step ? `step <code>${esc(ex.step)}</code> · ` : '',
    ex.conn !== undefined ? `connection ${ex.conn} · ` : '',
    `request at +${fmtMs(ex.t)}`,
    ex.statusAfterMs !== undefined ? `, status after ${fmtMs(ex.statusAfterMs)}` : '',
    `, last event at +${fmtMs(ex.tEnd)}`,
    ex.end ? ` · ended: ${esc(ex.end.reason)}` : '',
  ].join('');
  const verdicts = ex.verdicts.length
    ? `<ul class="rp-ev">${ex.verdicts
        .map(
          (v) =>
            `<li class="v-${esc(v.verdict)}">This exchange ${v.verdict === 'fail' ? 'failed' : v.verdict === 'pass' ? 'passed' : 'was evidence for'} <a href="${local(`#v-${v.checkpoint}`)}"><code>${esc(v.checkpoint)}</code></a>${v.spec ? ` (${esc(v.spec)}, ${esc(v.level)})` : ''}: ${esc(v.message)}</li>`,
        )
        .join('')}</ul>`
    : '';
  const sse = ex.sse.length
    ? `<ol class="sse" start="0">${ex.sse
        .map(
          (s) =>
            `<li><p class="rp-note">+${fmtMs(s.t)}${s.event !== undefined ? ` · event <code>${esc(s.event)}</code>` : ''}${s.id !== undefined ? ` · id <code>${esc(s.id)}</code>` : ''}${s.retry !== undefined ? ` · retry ${s.retry} ms` : ''}</p>${body(s.data, 'data')}</li>`,
        )
        .join('')}</ol>`
    : '';
  return `<details class="ex" id="${id}-${esc(ex.anchor)}"${attrs}>
<summary>${summary}</summary>
<div class="ex-body">
<p class="rp-note">${timing}</p>
${verdicts}
<h4>Request</h4>
${headerList(ex.requestHeaders)}
${body(ex.requestBody)}
<h4>Response</h4>
${ex.status !== undefined ? `<p><span class="st ${status}">HTTP ${ex.status}</span></p>\n${headerList(ex.responseHeaders ?? [])}` : '<p class="rp-note">No response.</p>'}
${ex.responseBody ? body(ex.responseBody) : ''}
${sse}
${ex.error ? `<p class="v-fail">Transport error at +${fmtMs(ex.error.t)}: <code>${esc(ex.error.code)}</code> ${esc(ex.error.message)}</p>` : ''}
${ex.notes.map((note) => `<p class="rp-note">Harness note at +${fmtMs(note.t)}: ${esc(note.text)}</p>`).join('\n')}
</div>
</details>`;
}

/** Raw HTTP headers in wire order (names as sent). */
const headerList = (headers: Headers): string =>
  headers.length === 0
    ? '<p class="rp-note">(no headers)</p>'
    : `<dl class="hdrs">${headers.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`;

/** One body, as src/components/replay/Body.astro shows it: JSON highlighted (escaped token by token), else raw text. */
function body(b: BodyView, noun = 'body'): string {
  if (b.kind === 'empty') return `<p class="rp-note">(empty ${noun}${b.bytes ? `, ${n(b.bytes)} bytes` : ''})</p>`;
  const note = [
    `${esc(b.mediaType ?? 'no Content-Type')} · ${n(b.bytes)} bytes`,
    b.kind === 'json' ? ' · JSON, pretty-printed' : '',
    b.kind === 'binary' ? ' · not UTF-8: hex dump' : '',
    b.truncated
      ? `<strong> · truncated by the recorder: ${n(b.capturedBytes)} of ${n(b.bytes)} bytes captured</strong>`
      : '',
    b.displayCut
      ? `<strong> · showing ${n(b.displayCut.shown)} of ${n(b.displayCut.total)} characters (the wire log has it all: --out)</strong>`
      : '',
  ].join('');
  return `<div class="rp-body"><p class="rp-note">${note}</p>${(b.kind === 'json' && json(b.text)) || `<pre>${esc(b.text)}</pre>`}</div>`;
}

/** Highlighted JSON, or undefined (too long, or not JSON.stringify's shape): then the raw text is shown. */
function json(text: string): string | undefined {
  if (text.length > HIGHLIGHT_LIMIT) return undefined;
  try {
    return highlightPrettyJson(text);
  } catch {
    return undefined;
  }
}
