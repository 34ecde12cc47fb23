/** The main page: greeting and community area, or the guest landing. */
export { GuestHomePage, HomePage } from './components/HomePage.tsx';
