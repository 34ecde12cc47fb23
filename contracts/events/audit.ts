import type { Event } from './event.ts';

/** One stream per recorded operator action (issue 17 §3): `audit-{24-hex id}`. */
export const auditStreamName = (auditId: string): string => `audit-${auditId}`;

/**
 * Actions that change nothing in the domain but must be traceable: exports
 * and projection rebuilds. Recorded before the action runs (a failure to
 * record refuses the action), by the route or CLI command that performs it.
 */
export const recordedActions = ['export.data', 'export.community', 'export.research', 'export.kbdex', 'projections.rebuild'] as const;
export type RecordedAction = (typeof recordedActions)[number];

export type OperatorActionRecorded = Event<
  'OperatorActionRecorded',
  {
    auditId: string;
    action: RecordedAction;
    /** `api` for a route, `cli` for the operator's command line. */
    via: 'api' | 'cli';
    communityId?: string;
    /** Options worth knowing (never a secret): e.g. `{pseudonymise: 'true'}` or the projection name. */
    details?: Record<string, string>;
  }
>;

export type AuditEvent = OperatorActionRecorded;
