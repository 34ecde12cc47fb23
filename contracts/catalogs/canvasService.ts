/** Messages of these routes that the spec does not fix. */
export const CanvasServiceMessages = {
  notYourObject: 'You can only delete objects you authored.',
  fixedInPlace: 'This object is fixed in place.',
  noRoom: 'There is no free room here.',
  linkNotFound: 'Link not found',
  contributionNotFound: 'Contribution not found',
  notInThisView: 'This link is not a ref of this view.',
  otherCommunity: 'Both ends of a link must belong to the same community.',
  notAView: 'Refs start from a view.',
  inactive: 'This contribution is not active.',
  onlyRefs: 'Only refs (contains links) can be changed here.',
  unsupportedLinkType: 'Links created here are contains, buildson or references.',
  cannotDeleteView: 'Only managers and the authors of this view may delete it.',
  parentCycle: 'A view cannot be placed inside itself.',
  notAMember: 'You are not a member of this community.',
  cannotChangeViewSetting: 'Only managers and the authors of this view may change its setting for everyone.',
  notAViewTarget: 'The target must be another active view.',
  notPlaceable: 'Only notes, drawings, attachments and views can be placed on a view.',
  cannotRemoveAttachment: 'Only those who may edit this note may remove its attachments.',
  /** Issue 20 §9: a link from a contribution changes it (its connections, its build-ons). */
  cannotLinkFrom: 'Only those who may edit this contribution may link from it.',
} as const;
