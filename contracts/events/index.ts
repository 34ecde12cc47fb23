export type { Event, EventMetadata, RecordedEvent } from './event.ts';
export * from './user.ts';
export * from './community.ts';
export * from './author.ts';
export * from './contribution.ts';
export * from './feedback.ts';
export * from './read.ts';
export * from './audit.ts';
export * from './google.ts';
export * from './externalIdentity.ts';
export * from './notification.ts';
export * from './ai.ts';

import type { AiEvent } from './ai.ts';
import type { AuditEvent } from './audit.ts';
import type { AuthorEvent } from './author.ts';
import type { CommunityEvent } from './community.ts';
import type { ContributionEvent } from './contribution.ts';
import type { ExternalIdentityEvent } from './externalIdentity.ts';
import type { FeedbackEvent } from './feedback.ts';
import type { GoogleEvent } from './google.ts';
import type { NotificationEvent } from './notification.ts';
import type { ReadEvent } from './read.ts';
import type { UserEvent, UserNameClaimEvent } from './user.ts';

/** Every event Buildon stores. Later aggregates add their unions here. */
export type DomainEvent =
  | UserEvent
  | UserNameClaimEvent
  | CommunityEvent
  | AuthorEvent
  | ContributionEvent
  | FeedbackEvent
  | ReadEvent
  | AuditEvent
  | GoogleEvent
  | ExternalIdentityEvent
  | NotificationEvent
  | AiEvent;
export type DomainEventType = DomainEvent['type'];
