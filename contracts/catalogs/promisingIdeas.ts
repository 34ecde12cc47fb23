/** Refusals of the promising-idea routes (spec part 2 §5 fixes the first two). */
export const PromisingIdeaMessages = {
  notSelected: 'Promising Idea is not selected',
  titleEmpty: 'Note title is empty',
  pluginOff: 'Promising ideas are not enabled in this community.',
  notFound: 'Promising idea not found',
  ideaRequired: 'Select the passage of the note first.',
  ideaNotFound: 'The selected passage is not in this note.',
  notANote: 'Only notes can hold promising ideas.',
  notContributed: 'Only contributed notes can hold promising ideas.',
  authorsOnly: 'Only the author of this promising idea (or a manager) may change it.',
  viewRequired: 'Choose at least one view for the PI Pool note.',
} as const;
