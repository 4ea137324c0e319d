// An in-memory EventStore (the SDK's interface) that replays in the order events were stored. The SDK ships one only as
// an example (examples/shared/inMemoryEventStore.js), whose ids are `<stream>_<Date.now()>_<random>` replayed in id
// order: two events stored in the same millisecond (a countdown's last progress and its response) replay in random
// order — a flaky verdict that belongs to the example, not to the SDK's transport (measured: 1 poll-resume run in 3
// replayed the response before progress 4). The event store is the application's to supply (the transport's
// `eventStore` option); this one keeps the example's behaviour otherwise: ids name their stream, a replay sends the
// same stream's events after the given id and answers with the stream id, an unknown id replays nothing.
import type { EventId, EventStore, StreamId } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export class OrderedEventStore implements EventStore {
  private readonly events: { id: EventId; streamId: StreamId; message: JSONRPCMessage }[] = [];

  storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    const id = `${streamId}_${String(this.events.length + 1).padStart(12, '0')}`;
    this.events.push({ id, streamId, message });
    return Promise.resolve(id);
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const at = this.events.findIndex((e) => e.id === lastEventId);
    if (at < 0) return '';
    const streamId = this.events[at]!.streamId;
    for (const e of this.events.slice(at + 1)) if (e.streamId === streamId) await send(e.id, e.message);
    return streamId;
  }
}
