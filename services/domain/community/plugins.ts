/**
 * Whether a community plugin is on: its root context's `plugins[flag]` is
 * `true` (anything else, a missing context or older data included, is off).
 */
export const pluginEnabled = (contextData: Record<string, unknown> | undefined, flag: string): boolean => {
  const plugins = contextData?.plugins;
  return typeof plugins === 'object' && plugins !== null && (plugins as Record<string, unknown>)[flag] === true;
};
