import { CommunityMessages } from '../../../../contracts/messages.ts';

export type HelpErrors = { subject?: string; content?: string };

/** The help form's rules (spec part 1 §5), with the spec's wording. */
export const validateHelp = (values: { subject: string; content: string }): HelpErrors => {
  const errors: HelpErrors = {};
  if (!values.subject.trim()) errors.subject = CommunityMessages.helpTitleRequired;
  if (!values.content.trim()) errors.content = CommunityMessages.helpDescriptionRequired;
  return errors;
};
