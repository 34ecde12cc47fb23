/** Communities: the manager on `/`, community top, editor and settings (spec part 1 §2). */
export { CommunityManager } from './components/CommunityManager.tsx';
export { CommunityTopPage } from './components/CommunityTopPage.tsx';
export { CommunityEditorPage } from './components/CommunityEditorPage.tsx';
export { CommunitySettingsPage } from './components/CommunitySettingsPage.tsx';
