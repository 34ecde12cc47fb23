/** Favourites (issue 14 §4): the panel the view screen mounts beside its canvas. */
export { FavouritesPanel } from './FavouritesPanel.tsx';
export { favouritesKey } from './api.ts';
