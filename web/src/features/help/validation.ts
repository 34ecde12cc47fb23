import type { MessageCode } from '../../../../contracts/messageCodes.ts';

/** A message per field: the code of the server's own rule, which the page translates. */
export type HelpErrors = { subject?: MessageCode; content?: MessageCode };

/** The help form's rules (spec part 1 §5), the server's messages by code. */
export const validateHelp = (values: { subject: string; content: string }): HelpErrors => {
  const errors: HelpErrors = {};
  if (!values.subject.trim()) errors.subject = 'community.helpTitleRequired';
  if (!values.content.trim()) errors.content = 'community.helpDescriptionRequired';
  return errors;
};
