import type { Revision } from '../schema/common.ts';
import type { AppliesTo } from './applies-to.ts';

/**
 * The hand review of the `applies_to` column, as data. Where it came from: the pinned TSV's `applies_to` values were
 * reviewed by hand when the sentence list was first made (SUMMARY.md §1: in 2025-11-25 requestor/receiver and generic
 * JSON-RPC rules bind `both`; in 2026-07-28 only clients send requests, so request rules are `client` and result/error
 * rules `server`; intermediaries are `server`). That review is reproduced here as a rule (`namedParty` in
 * applies-to.ts: the party a sentence names as its subject), a per-page default for sentences that name no party,
 * and the overrides below for every sentence where the review disagrees with the rule. The test fails on an override
 * that is unused or agrees with the rule anyway, so this list stays exactly the set of hand decisions.
 */

/** One reason of the review and the sentences it decides. */
export interface AppliesToOverride {
  appliesTo: AppliesTo;
  /** Why the review disagrees with the rule for these sentences. */
  why: string;
  ids: readonly string[];
}

/** A revision's review: page defaults and overrides. */
export interface AppliesToReview {
  /** Page short name → who a sentence that names no party binds. Every scoped page has an entry. */
  defaults: Readonly<Record<string, AppliesTo>>;
  overrides: readonly AppliesToOverride[];
}

const DEFAULTS: Record<Revision, AppliesToReview['defaults']> = {
  '2025-11-25': {
    // Streamable HTTP: party-less sentences are about what the server sends (response bodies, SSE streams, event ids).
    transports: 'server',
    lifecycle: 'both',
    basic: 'both',
    cancellation: 'both',
    tasks: 'both',
    // Tool definitions and results are the server's.
    tools: 'server',
  },
  '2026-07-28': {
    transports: 'both',
    shttp: 'server',
    versioning: 'both',
    discover: 'both',
    basic: 'both',
    patterns: 'both',
    // InputRequiredResult and requestState are produced by the server.
    mrtr: 'server',
    subscriptions: 'server',
    cancellation: 'both',
    tools: 'server',
    // Task objects and task results are the server's.
    exttasks: 'server',
  },
};

const OVERRIDES: Record<Revision, AppliesToReview['overrides']> = {
  '2025-11-25': [
    {
      appliesTo: 'both',
      why: 'either party encodes messages and either side can drop a connection',
      ids: ['251125-transports-7', '251125-transports-126'],
    },
    { appliesTo: 'client', why: 'the client writes the POST body', ids: ['251125-transports-94'] },
    { appliesTo: 'client', why: '"This" is the version the client requests', ids: ['251125-lifecycle-168'] },
    { appliesTo: 'server', why: '"This" is the version the server answers with', ids: ['251125-lifecycle-172'] },
    {
      appliesTo: 'client',
      why: 'passive voice: clients are the ones that must not cancel initialize',
      ids: ['251125-cancellation-35'],
    },
    {
      appliesTo: 'client',
      why: 'icon consumers and the human in the loop are on the client side',
      ids: ['251125-basic-253', '251125-tools-24'],
    },
  ],
  '2026-07-28': [
    {
      appliesTo: 'client',
      why: "only clients send requests in 2026-07-28: request ids, bodies, headers and _meta are the client's to get right",
      ids: [
        '260728-shttp-80',
        '260728-shttp-252',
        '260728-shttp-257',
        '260728-shttp-293',
        '260728-shttp-499',
        '260728-basic-46',
        '260728-basic-47',
        '260728-basic-48',
        '260728-mrtr-20',
        '260728-mrtr-256',
        '260728-mrtr-257',
        '260728-cancellation-68',
        '260728-tools-16',
        '260728-tools-234',
        '260728-exttasks-385',
      ],
    },
    {
      appliesTo: 'server',
      why: 'only servers send results and errors in 2026-07-28',
      ids: [
        '260728-basic-70',
        '260728-basic-71',
        '260728-basic-72',
        '260728-basic-73',
        '260728-basic-103',
        '260728-basic-104',
        '260728-basic-105',
        '260728-basic-106',
        '260728-basic-381',
        '260728-basic-391',
      ],
    },
    { appliesTo: 'client', why: 'the receiver of error codes is the client', ids: ['260728-basic-120'] },
    {
      appliesTo: 'client',
      why: 'client-side duties: icon rendering, the human in the loop, disambiguating aggregated tool names',
      ids: ['260728-basic-484', '260728-tools-33', '260728-tools-324', '260728-tools-329'],
    },
    {
      appliesTo: 'both',
      why: 'design rules every implementation shares (header-safe names, transport choice, extensible task types, state identifiers)',
      ids: ['260728-shttp-490', '260728-shttp-703', '260728-exttasks-91', '260728-basic-200'],
    },
  ],
};

/** The committed review per revision. */
export const APPLIES_TO_REVIEW: Record<Revision, AppliesToReview> = {
  '2025-11-25': { defaults: DEFAULTS['2025-11-25'], overrides: OVERRIDES['2025-11-25'] },
  '2026-07-28': { defaults: DEFAULTS['2026-07-28'], overrides: OVERRIDES['2026-07-28'] },
};
