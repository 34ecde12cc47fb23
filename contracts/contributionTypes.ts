/** The kinds of contribution (KF6's `type`), in their own module so the events and the typed data both import them without a loop. */
export const contributionTypes = [
  'Note',
  'Drawing',
  'Context',
  'View',
  'Attachment',
  'Annotation',
  'Scaffold',
  'Support',
  'Group',
  'promisingIdeacolorobj',
  'promisingIdeaobj',
] as const;
export type ContributionType = (typeof contributionTypes)[number];
