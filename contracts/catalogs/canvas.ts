/** Refusals whose wording the spec fixes (part 2 §5). Do not reword. */
export const CanvasMessages = {
  cannotEditView: 'You have no permission to edit this view.',
  cannotFix: 'You are not able to fix this object.',
  cannotLock: 'You cannot edit this object on your privilege.',
  riseaboveTitleRequired: 'Veuillez saisir un nom..',
  riseaboveNotesRequired: 'Select notes to create riseabove.',
  viewNotFound: 'view not found.',
} as const;
