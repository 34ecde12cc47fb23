/** The view page (`/view/{viewId}` and `/view/{viewId}/{menuStatus}`); the canvas comes later. */
export { ViewPage } from './components/ViewPage.tsx';
