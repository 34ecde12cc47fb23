/** Google Docs / Drive (issue 18 §6; spec part 1 §7: 'Title field cannot be left blank.'). */
export const GoogleMessages = {
  notConfigured: 'Google Docs and Drive are not configured on this server.',
  pluginOff: 'Google Docs or Drive is not enabled in this community.',
  notAuthorised: 'Authorise Buildon to use your Google account first.',
  titleRequired: 'Title field cannot be left blank.',
  badState: 'This Google authorisation link is invalid or has expired; try again.',
  noDoc: 'This note has no Google Doc.',
  notANote: 'A Google Doc can only be made from a note.',
  noEmail: 'Your account has no e-mail address to share the Google Doc with.',
  unavailable: 'Google did not answer; try again later.',
  notImportable: 'This kind of Google file cannot be put on a view.',
} as const;
