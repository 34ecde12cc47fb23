/** Account settings: interface language and password change. */
export { SettingsPage } from './components/SettingsPage.tsx';
