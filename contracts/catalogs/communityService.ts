/**
 * Refusals of communities, groups and community settings (services/api/communities)
 * that the specification does not word. Do not reuse a key for another
 * meaning: the key is the code (`communityService.<key>`).
 */
export const CommunityServiceMessages = {
  duplicateCreation: 'This community is already being created. Reload the list before creating it again.',
  groupNotFound: 'Group not found',
  notAMember: 'The author is not a member of this community.',
  unknownScaffold: 'This scaffold does not belong to this community.',
  serverAddress: 'Enter an http(s) address, or leave it empty for the default.',
} as const;
