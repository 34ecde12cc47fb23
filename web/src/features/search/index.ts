/** Search (spec part 2 §Search): the `/search/{communityId}` page and the same search as a panel beside a canvas. */
export { SearchPage } from './components/SearchPage.tsx';
export { SearchView } from './components/SearchView.tsx';
