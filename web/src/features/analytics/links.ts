/**
 * The analytics pages of a community (issue 12 §7), in the order the menu
 * shows them. A tiny module of its own: the view screen and the community
 * pages import it without loading any chart code.
 */
export const analyticsPages = ['stats', 's2viz', 'dashboard', 'dashboard2', 'authornetwork'] as const;
export type AnalyticsPageName = (typeof analyticsPages)[number];

/** The address of one analytics page of a community. */
export const analyticsHref = (page: AnalyticsPageName, communityId: string): string => `/${page}/${encodeURIComponent(communityId)}`;
