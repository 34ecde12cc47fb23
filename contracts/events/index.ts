export type { Event, EventMetadata, RecordedEvent } from './event.ts';
export * from './user.ts';

import type { UserEvent, UserNameClaimEvent } from './user.ts';

/** Every event Buildon stores. Later aggregates add their unions here. */
export type DomainEvent = UserEvent | UserNameClaimEvent;
export type DomainEventType = DomainEvent['type'];
