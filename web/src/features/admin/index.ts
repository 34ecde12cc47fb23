/**
 * The 403 page, for app/ guards. The admin pages themselves are loaded lazily
 * by app/router.tsx straight from their modules.
 */
export { Forbidden } from './components/Forbidden.tsx';
