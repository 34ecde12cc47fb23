/** Search (spec part 2 §Search): the `/search/{communityId}` page and the same search as a panel beside a canvas. */
export { SearchPage } from './components/SearchPage.tsx';
export { SearchView } from './components/SearchView.tsx';
/** Favourites (issue 14 §4): the panel the view screen mounts beside its canvas, and its query key. */
export { FavouritesPanel } from './components/FavouritesPanel.tsx';
export { favouritesKey } from './api/favourites.ts';
