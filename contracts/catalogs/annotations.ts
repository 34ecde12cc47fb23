/** Refusals of these routes (the spec fixes none). */
export const AnnotationMessages = {
  textRequired: 'The annotation text cannot be empty.',
  quoteRequired: 'Select the passage to annotate.',
  quoteNotFound: 'The selected passage is not in this note.',
  badRange: 'Ranges must be inside the note and not empty.',
  notANote: 'Only notes can be annotated.',
  notContributed: 'Only contributed notes can be annotated.',
  notFound: 'Annotation not found',
  notAnAnnotation: 'This contribution is not an annotation.',
  authorsOnly: 'Only the authors of this annotation (or a manager) may change it.',
  otherCommunity: 'This note belongs to another community.',
  notAMember: 'You are not a member of this community.',
} as const;
