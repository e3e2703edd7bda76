import {
  isJSONRPCResponse,
  type EventId,
  type EventStore,
  type JSONRPCMessage,
  type StreamId,
} from "@modelcontextprotocol/server";

/** The SDK's id of a 2025-era session's own `GET` stream (its other streams' ids are UUIDs). */
export const STANDALONE_STREAM = "_GET_stream";

/**
 * What every session's store draws on together: the bytes they hold, bounded in all. Past the
 * bound the largest store gives up its oldest events first, so the session that holds the most
 * (a flooding client's) pays for it, and the others keep what they need to resume.
 */
export class EventBudget {
  bytes = 0;
  private readonly stores = new Set<MemoryEventStore>();

  constructor(readonly maxBytes: number) {}

  join(store: MemoryEventStore): void {
    this.stores.add(store);
  }

  leave(store: MemoryEventStore): void {
    this.stores.delete(store);
  }

  /** Drops the oldest events of the largest stores until the total is within its bound. */
  settle(): void {
    while (this.bytes > this.maxBytes) {
      let largest: MemoryEventStore | undefined;
      for (const store of this.stores) if (largest === undefined || store.size > largest.size) largest = store;
      if (largest === undefined || !largest.dropOldest()) return;
    }
  }
}

/** Which bound a store reached: its events (dropped to stay within it) or a stream's replays. */
export type EventStoreLimit = "events" | "replays";

/** The bounds of one session's store. */
export interface EventStoreLimits {
  maxEvents: number;
  maxBytes: number;
  /** How many times one finished stream may be replayed (`Last-Event-ID`); past it a reconnect gets 400. */
  maxReplays: number;
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
 * by events and bytes, per session and in all (`EventBudget`): past a bound the oldest events
 * go first, and an event larger than the session's bound is never kept (a client reconnecting
 * after a dropped event gets 400 and, from the SDK client, a new stream); a finished stream
 * is replayed at most `maxReplays` times. One store per session, dropped with it. A deployment can
 * put another `EventStore` in its place; a restart loses this one.
 */
export class MemoryEventStore implements EventStore {
  private readonly events: StoredEvent[] = [];
  /** Replays of each finished stream (one that carried a response): a pending one resumes freely. */
  private readonly replays = new Map<StreamId, number>();
  private bytes = 0;
  private next = 0;

  constructor(
    private readonly limits: EventStoreLimits,
    /** Called when this store drops an event to stay within its bounds, or refuses a replay past its bound. */
    private readonly onLimit: (limit: EventStoreLimit) => void = () => {},
  ) {
    limits.budget.join(this);
  }

  /** Bytes this store holds. */
  get size(): number {
    return this.bytes;
  }

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    // Stream ids are the SDK's (a UUID, or STANDALONE_STREAM); the counter orders events within the session.
    const id = `${streamId}:${this.next++}`;
    const bytes = JSON.stringify(message).length + id.length;
    if (bytes > this.limits.maxBytes) {
      // Sent live, never kept: a reconnect after it cannot be served, and says so.
      this.onLimit("events");
      return id;
    }
    this.events.push({ id, streamId, message, bytes });
    // A response (a result or an error): the stream that carries it has finished its work.
    if (isJSONRPCResponse(message) && !this.replays.has(streamId)) this.replays.set(streamId, 0);
    this.hold(bytes);
    while (this.events.length > this.limits.maxEvents || this.bytes > this.limits.maxBytes) this.dropOldest();
    this.limits.budget.settle();
    return id;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    const streamId = this.events.find((event) => event.id === eventId)?.streamId;
    if (streamId === undefined) return undefined;
    if ((this.replays.get(streamId) ?? 0) < this.limits.maxReplays) return streamId;
    this.onLimit("replays");
    return undefined;
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const index = this.events.findIndex((event) => event.id === lastEventId);
    if (index < 0) return "";
    const { streamId } = this.events[index] as StoredEvent;
    const replays = this.replays.get(streamId);
    if (replays !== undefined) {
      if (replays >= this.limits.maxReplays) return "";
      this.replays.set(streamId, replays + 1);
    }
    for (const event of this.events.slice(index + 1)) {
      // A priming event (an empty message) only gives the client an id to resume from.
      if (event.streamId === streamId && Object.keys(event.message).length > 0) await send(event.id, event.message);
    }
    return streamId;
  }

  /** Drops this store's oldest event; false when it holds none. */
  dropOldest(): boolean {
    const oldest = this.events.shift();
    if (oldest === undefined) return false;
    this.hold(-oldest.bytes);
    if (!this.events.some((event) => event.streamId === oldest.streamId)) this.replays.delete(oldest.streamId);
    this.onLimit("events");
    return true;
  }

  /** Gives back what this store holds (the session ended). */
  clear(): void {
    this.hold(-this.bytes);
    this.events.length = 0;
    this.replays.clear();
    this.limits.budget.leave(this);
  }

  private hold(bytes: number): void {
    this.bytes += bytes;
    this.limits.budget.bytes += bytes;
  }
}
