// The three isolation kinds side by side, for the methodology's isolation page (and its download): how each is made,
// what it hides from the subject, what it limits, and what it cannot stop. Text only: how the harness builds them is
// src/harness (sandbox, selection) and CONTEXT.md's threat model.
import type { IsolationKind } from '../bench/schema/isolation.ts';
import type { Table } from './table.ts';

interface KindRow {
  kind: IsolationKind;
  made: string;
  hides: string;
  limits: string;
  cannotStop: string;
}

const KIND_ROWS: readonly KindRow[] = [
  {
    kind: 'docker',
    made: 'One fresh container per trial, from the image mcpfs-sandbox:<recipe hash> built locally (debootstrap minbase of Debian bookworm → docker import → docker build adding Node 24). Clean environment: only allow-listed variables. No credentials inside.',
    hides:
      "The network: --network none, only loopback (the harness reaches the subject's ports through Unix-socket relays running in the container's network namespace, so the bytes on the wire are unchanged). Host processes: own pid namespace, so they are invisible and cannot be killed. The host's files: the root is the image; only the workspace, home and /tmp are bound in.",
    limits:
      'All capabilities dropped (--cap-drop ALL), no-new-privileges. Limits on processes (pids), memory and CPUs (the values are on each trial page). Read-only root filesystem except the workspace, home and /tmp binds; /tmp is a size-limited tmpfs.',
    cannotStop: 'A kernel exploit; CPU-time side channels.',
  },
  {
    kind: 'netns',
    made: 'The subject in its own network namespace and pid namespace, with its own root built from read-only host system folders plus binds (workspace, home, /tmp).',
    hides:
      'The network: loopback only. Host processes: own pid namespace. The host files outside those folders and binds.',
    limits: "Docker's default capabilities minus MKNOD. No resource limits.",
    cannotStop:
      'A kernel exploit; CPU-time side channels; a fork bomb or memory exhaustion, which affect the host (no limits).',
  },
  {
    kind: 'none',
    made: 'The subject runs as an ordinary process of the host: for local debugging only.',
    hides: 'Nothing.',
    limits: 'Nothing.',
    cannotStop:
      'Anything. A published board never shows such a row without saying so: its isolation column reads none.',
  },
];

/** The isolation kinds as a table: kind, how it is made, what it hides, what it limits, what it cannot stop. */
export function isolationKindsTable(): Table {
  const fields = (r: KindRow) => [r.kind, r.made, r.hides, r.limits, r.cannotStop];
  return {
    id: 'isolation-kinds',
    caption: 'Isolation kinds',
    columns: [
      { key: 'kind', label: 'Kind' },
      { key: 'made', label: 'How it is made', wide: true },
      { key: 'hides', label: 'What it hides', wide: true },
      { key: 'limits', label: 'What it limits', wide: true },
      { key: 'cannot_stop', label: 'What it cannot stop', wide: true },
    ],
    rows: KIND_ROWS.map(fields),
    cells: KIND_ROWS.map((r) => fields(r).map((text) => ({ text }))),
    notes: [],
  };
}
