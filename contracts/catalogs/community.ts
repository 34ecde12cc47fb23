/** Spec part 1 §5 and §8: communities, authors, groups and the help form. Do not reword. */
export const CommunityMessages = {
  /** Issue 20 §1: whose password a manager may reset. */
  resetNotOwnPupil:
    "Managers can reset the passwords of their own community's pupils only (writers who belong to no other community). Ask an administrator.",
  titleRequired: 'Title must be input',
  registrationKeyRequired: 'RegistrationKey must be input',
  /** Issue 20 §2: keys open a class; short ones can be guessed. */
  registrationKeyTooShort: 'A registration key needs at least 6 characters.',
  communityRequired: 'Community must be selected',
  selectCommunity: 'Error: please select community.',
  creationFailed: 'error in creating community',
  saved: 'successed.',
  saveFailed: 'failed.',
  keyMismatch: "The key didn't match.",
  /** Join errors of the original (fact sheet §9). */
  joinWrongKey: 'Le code ne correspond pas.',
  joinAlreadyMember: 'Vous êtes déjà inscrit.',
  joinNoUser: "L'utilisateur n'existe pas.",
  archived: 'This community is archived.',
  notMember: 'You are not a member of this community.',
  blocked: 'Your login to this community has been blocked. Please contact your teacher.',
  managerOnly: 'This action requires the manager role in this community.',
  viewNotFound: 'view not found.',
  alreadyManager: 'The author is already manager.',
  notManager: 'The author is not a manager.',
  cannotMakeYourselfWriter: 'You cannot make yourself a writer.',
  managersEmpty: "manager's length is zero.",
  noAuthorSelected: 'aucun auteur sélectionné.',
  csvOnly: 'Please upload a csv file',
  csvInvalid: 'Following users are not valid. Please correct any errors and reupload the file',
  csvValid: 'All entries are valid. You may submit to database',
  csvSubmitFailed:
    'Following users were not uploaded to the database. Please submit a new excel file with the following corrected entries only.',
  csvSubmitted: 'All users were added to the database except the existing users.',
  scaffoldInUse: 'The scaffold is already in use.',
  defaultLanguageRequired: 'Please select default language',
  helpTitleRequired: 'Title feild can not be empty.',
  helpDescriptionRequired: 'Description feild can not be empty.',
  helpSent: 'Your feedback has been sent to the administrator. ',
  helpFailed: 'Failed to send your feedback.',
  resetSucceeded: 'succeeded.',
  /** Issue 24 §5: the read-only research role. */
  researcherReadOnly: 'Researchers read this community but cannot change anything in it.',
  alreadyResearcher: 'The author is already a researcher.',
  researchOnly: 'The research interface is for researchers, managers and administrators of this community.',
  /** Issue 13 §5, spec part 2 §5: the scaffold manager. */
  scaffoldUsed: 'You cannot delete a scaffold which is used',
  scaffoldOrderStale: 'The list of scaffolds has changed meanwhile. Reload it and save the order again.',
  scaffoldNotFound: 'Scaffold not found',
  supportNotFound: 'Support not found',
  supportOrderStale: 'The list of supports has changed meanwhile. Reload it and save the order again.',
  selectSupports: 'Select Support Items:',
} as const;
