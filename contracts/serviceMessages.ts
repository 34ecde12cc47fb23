/**
 * Refusals of the server that the specification does not word. They live in
 * contracts (not next to the code that throws them) so that
 * contracts/messageCodes.ts can give each a stable code the web client
 * translates. Do not reuse a key for another meaning: the key is the code.
 */

/** Communities, groups and community settings (services/api/communities). */
export const CommunityServiceMessages = {
  duplicateCreation: 'This community is already being created. Reload the list before creating it again.',
  groupNotFound: 'Group not found',
  notAMember: 'The author is not a member of this community.',
  unknownScaffold: 'This scaffold does not belong to this community.',
  serverAddress: 'Enter an http(s) address, or leave it empty for the default.',
} as const;

/** The contribution aggregate (services/domain/contribution). */
export const ContributionErrors = {
  notFound: 'Contribution not found',
  alreadyExists: 'This contribution already exists.',
  notAContext: 'Only a context has community settings.',
  notAGroup: 'Only a group has members.',
  notAView: 'Only a view has a view setting.',
  linkNotFound: 'Link not found',
  linkExists: 'This link already exists.',
  selfLink: 'A contribution cannot link to itself.',
} as const;

/** The community aggregate (services/domain/community). */
export const CommunityErrors = {
  notFound: 'Community not found',
  alreadyExists: 'This community already exists.',
} as const;
