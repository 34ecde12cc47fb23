/** The view canvas screen (`/view/{viewId}` and `/view/{viewId}/{menuStatus}`). */
export { ViewPage } from './components/ViewPage.tsx';
export type { ViewSlots } from './components/slots.ts';
