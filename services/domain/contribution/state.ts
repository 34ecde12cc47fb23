import type { ContributionStatus, ContributionType, LinkType, Permission } from '../../../contracts/events/contribution.ts';

/* The contribution's decision state, apart from its evolve function so annotation.ts and content.ts import it without a loop. */

/** A link as its `from` contribution knows it (links live in the stream of their `from`). */
export type LinkState = { linkId: string; to: string; type: LinkType; data: Record<string, unknown> };

/**
 * One contribution (note, view, context, scaffold, support, group …). The
 * decider keeps what its rules need: the type-specific `data`, the group
 * members and the live links that start here.
 */
export type ContributionState =
  | { status: 'none' }
  | {
      status: 'created';
      contributionId: string;
      communityId: string;
      type: ContributionType;
      title: string;
      contributionStatus: ContributionStatus;
      permission: Permission;
      authors: string[];
      group: string | null;
      data: Record<string, unknown>;
      /** Group members (type Group), in the order they were added. */
      members: string[];
      links: Record<string, LinkState>;
    };
