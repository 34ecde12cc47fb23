import type { TypedData } from '../../contracts/contributionData.ts';
import type { ContributionStatus, LinkType, Permission } from '../../contracts/events/contribution.ts';
import type { Versioned } from '../../services/core/projection.ts';

/* The read models' document shapes, apart from the projection so its helpers (content.ts) import them without a loop. */

/**
 * Any object of a community (KF6's KContribution / KObject), without its
 * read-model position: what folding its events gives. `type` and `data` are
 * a discriminated union (contracts/contributionData.ts): narrow on the type to
 * read the data.
 */
export type ContributionSnapshot = {
  _id: string;
  communityId: string;
  title: string;
  status: ContributionStatus;
  permission: Permission;
  authors: string[];
  group: string | null;
  created: string;
  modified: string;
  /** Notes (issue 6): keywords, and the word count and search text the server computed from the body. */
  keywords?: string[];
  wordCount?: number;
  text4search?: string;
  /** Multilanguage notes: the languages written (`data[lang]`, `data[lang + '_title']`). */
  langInNote?: string[];
  /** Stream revision of the event that last changed this document (links from it do not count). */
  revision?: number;
} & TypedData;

/** A contribution as the read model stores it. */
export type ContributionDocument = Versioned & ContributionSnapshot;

/** A link between two contributions (KF6's KLink), without the original's `_from`/`_to` caches. */
export type LinkDocument = Versioned & {
  _id: string;
  communityId: string;
  from: string;
  to: string;
  type: LinkType;
  data: Record<string, unknown>;
  created: string;
  modified: string;
};
