/** ITM, the Idea Thread Mapper (issue 18 §7; spec part 1 §7). */
export const ItmMessages = {
  notConfigured: 'ITM is not configured on this server.',
  pluginOff: 'The ITM plugin is off in this community.',
  notANote: 'Only notes can join an ITM thread.',
  unknownThread: 'This thread is not one of your ITM projects.',
  failed: 'ITM did not answer. Please try later.',
} as const;
