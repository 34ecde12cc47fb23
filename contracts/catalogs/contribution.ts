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
