/** Catalog `templates` (contracts/messageCodes.ts): codes `templates.<key>`. */
export const TemplateMessages = {
  notAScaffold: 'Only a scaffold can be a template.',
  notATemplate: 'This scaffold is not a template of this community.',
  notAView: 'This is not a view of this community.',
} as const;
