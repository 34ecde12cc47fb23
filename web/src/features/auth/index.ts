/** Login choice, local and institutional forms, registration and logout. */
export { InstitutionalLoginPage, LocalLoginPage } from './components/LocalLoginPage.tsx';
export { LoginPage } from './components/LoginPage.tsx';
export { LogoutPage } from './components/LogoutPage.tsx';
export { SsoLoginPage } from './components/SsoLoginPage.tsx';
