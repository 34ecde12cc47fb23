/** Version and what's-new dialog bodies, composed into the navbar by app/. */
export { ChangeLogList } from './components/ChangeLogList.tsx';
export { VersionDetails } from './components/VersionDetails.tsx';
