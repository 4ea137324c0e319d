import type { ServerResponse } from 'node:http';
import { formatSse } from '../../../wire/sse.ts';
import type { MutantId } from './mutants.ts';
import type { Responder } from './respond.ts';
import { InvalidParams } from './tools.ts';
import { obj } from './validate.ts';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

interface Subscription {
  /** The subscriptions/listen request's JSON-RPC id: the subscription id (subscriptions.mdx "Receiving Notifications"). */
  id: unknown;
  /** The filter the server agreed to honour: this server has tools only, so at most toolsListChanged. */
  toolsListChanged: boolean;
  res: ServerResponse;
}

/**
 * subscriptions/listen: each request opens an SSE stream that starts with the acknowledgment and stays open until the
 * client closes it; tool-list changes go to the streams that asked for them. Every message on a stream carries the
 * subscription id in `_meta`. The server never ends a subscription itself (it has no shutdown to announce).
 */
export class Listeners {
  private readonly subs = new Set<Subscription>();
  private readonly out: Responder;
  private readonly mutant?: MutantId;

  constructor(out: Responder, mutant?: MutantId) {
    this.out = out;
    this.mutant = mutant;
  }

  listen(res: ServerResponse, id: unknown, params: Record<string, unknown>): void {
    if (
      typeof params.notifications !== 'object' ||
      params.notifications === null ||
      Array.isArray(params.notifications)
    )
      throw new InvalidParams('Invalid params: subscriptions/listen needs a notifications filter object');
    const sub: Subscription = { id, toolsListChanged: obj(params.notifications).toolsListChanged === true, res };
    this.out.sseHead(res);
    if (this.mutant !== 'listen-ack-missing')
      this.send(sub, 'notifications/subscriptions/acknowledged', {
        notifications: sub.toolsListChanged ? { toolsListChanged: true } : {},
      });
    this.out.strayRequest(res);
    this.subs.add(sub);
    res.on('close', () => this.subs.delete(sub));
  }

  /** The tool list changed: notify the streams that asked (ignore-filter: every stream; no-list-changed: none). */
  toolsChanged(): void {
    if (this.mutant === 'no-list-changed') return;
    for (const sub of this.subs)
      if (sub.toolsListChanged || this.mutant === 'ignore-filter') this.send(sub, 'notifications/tools/list_changed');
  }

  /** A request was cancelled by its client; only the cancel-notice-on-cut mutant tells the listen streams. */
  requestCancelled(requestId: unknown): void {
    if (this.mutant !== 'cancel-notice-on-cut') return;
    for (const sub of this.subs)
      this.send(sub, 'notifications/cancelled', { requestId, reason: 'the client closed the stream' });
  }

  private send(sub: Subscription, method: string, params: Record<string, unknown> = {}): void {
    if (sub.res.destroyed || sub.res.writableEnded) return;
    const meta = this.mutant === 'no-subscription-id' && method !== 'notifications/subscriptions/acknowledged';
    const message = {
      jsonrpc: '2.0',
      method,
      params: { ...(meta ? {} : { _meta: { [SUBSCRIPTION_ID]: sub.id } }), ...params },
    };
    sub.res.write(formatSse({ data: JSON.stringify(message) }));
  }
}
