import type { EventId, EventStore, JSONRPCMessage, StreamId } from "@modelcontextprotocol/server";

/** What every session's store draws on together: bytes held, and the most allowed. */
export interface EventBudget {
  bytes: number;
  readonly maxBytes: number;
}

/** The bounds of one session's store. */
export interface EventStoreLimits {
  maxEvents: number;
  maxBytes: number;
  /** Shared by the stores of all sessions. */
  budget: EventBudget;
}

interface StoredEvent {
  id: EventId;
  streamId: StreamId;
  message: JSONRPCMessage;
  bytes: number;
}

/**
 * The events of one 2025-era HTTP session, in memory, behind the SDK's `EventStore`: what
 * the server sent on each stream (form requests, progress, the tool result), so a client
 * whose stream dropped reconnects with `Last-Event-ID` and receives what it missed. Bounded
 * by events and bytes, per session and in all: past a bound the session's oldest events go
 * first (a client reconnecting after one of them gets 400 and, from the SDK client, a new
 * stream). One store per session, dropped with it. A deployment can put another
 * `EventStore` in its place; a restart loses this one.
 */
export class MemoryEventStore implements EventStore {
  private readonly events: StoredEvent[] = [];
  private bytes = 0;
  private next = 0;
  private warned = false;

  constructor(
    private readonly limits: EventStoreLimits,
    /** Called the first time this store drops an event to stay within its bounds. */
    private readonly onEvicted: () => void = () => {},
  ) {}

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    // Stream ids are the SDK's (a UUID, or "_GET_stream"); the counter orders events within the session.
    const id = `${streamId}:${this.next++}`;
    const bytes = JSON.stringify(message).length + id.length;
    this.events.push({ id, streamId, message, bytes });
    this.hold(bytes);
    const { budget } = this.limits;
    while (
      this.events.length > 1 &&
      (this.events.length > this.limits.maxEvents ||
        this.bytes > this.limits.maxBytes ||
        budget.bytes > budget.maxBytes)
    ) {
      this.hold(-(this.events.shift() as StoredEvent).bytes);
      if (!this.warned) {
        this.warned = true;
        this.onEvicted();
      }
    }
    return id;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return this.events.find((event) => event.id === eventId)?.streamId;
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const index = this.events.findIndex((event) => event.id === lastEventId);
    if (index < 0) return "";
    const { streamId } = this.events[index] as StoredEvent;
    for (const event of this.events.slice(index + 1)) {
      // A priming event (an empty message) only gives the client an id to resume from.
      if (event.streamId === streamId && Object.keys(event.message).length > 0) await send(event.id, event.message);
    }
    return streamId;
  }

  /** Gives back what this store holds (the session ended). */
  clear(): void {
    this.hold(-this.bytes);
    this.events.length = 0;
  }

  private hold(bytes: number): void {
    this.bytes += bytes;
    this.limits.budget.bytes += bytes;
  }
}
