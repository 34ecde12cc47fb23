/** Metadata every stored event carries. `at` is an ISO-8601 instant. */
export type EventMetadata = {
  /** The user who caused the event; null for system or operator actions. */
  actorId: string | null;
  at: string;
  correlationId?: string;
};

/** A domain event before it is stored: a past-tense `type` and its `data`. */
export type Event<Type extends string = string, Data extends object = object> = {
  type: Type;
  data: Data;
};

/** An event as the store returns it. */
export type RecordedEvent<E extends Event = Event> = E & {
  metadata: EventMetadata;
  eventId: string;
  streamName: string;
  /** 0-based revision of this event in its stream. */
  streamRevision: number;
  /**
   * Position in the global log. Strictly increasing across all streams; gaps
   * are allowed (EventStoreDB's commit positions are byte offsets).
   */
  globalPosition: number;
};
