/** The view manager: the `/viewmanager/{communityId}` page and the canvas's panel content. */
export { ViewManager, type ViewManagerProps } from './components/ViewManager.tsx';
export { ViewManagerPage } from './components/ViewManagerPage.tsx';
