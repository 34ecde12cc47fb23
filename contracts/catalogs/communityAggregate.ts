/** The community aggregate (services/domain/community). */
export const CommunityErrors = {
  notFound: 'Community not found',
  alreadyExists: 'This community already exists.',
} as const;
