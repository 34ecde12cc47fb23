import { isOfType, type TypedData } from '../../../contracts/contributionData.ts';
import { defaultViewSetting, type ContextData, type ViewSetting } from '../../../contracts/api/communities.ts';

/**
 * The effective setting of a view: its own (saved by a manager or one of its
 * authors) over the community context's over the defaults; `saved` is the
 * view's own, completed, or null when it follows the community.
 */
export const viewSettingOf = (
  view: TypedData,
  context: Pick<ContextData, 'viewSetting'>,
): { viewSetting: ViewSetting; saved: ViewSetting | null } => {
  const own = isOfType(view, 'View') ? view.data.viewSetting : undefined;
  const saved = own && typeof own === 'object' ? { ...defaultViewSetting, ...context.viewSetting, ...own } : null;
  return { viewSetting: saved ?? { ...defaultViewSetting, ...context.viewSetting }, saved };
};
