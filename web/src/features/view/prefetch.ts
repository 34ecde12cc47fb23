import type { QueryClient } from '@tanstack/react-query';
import { tokenStore } from '../../lib/tokenStore.ts';
import { canvasKey, fetchCanvas } from './api/canvas.ts';

/**
 * Opening a view (issue 16 §2): its canvas request leaves as soon as the app
 * starts, beside the profile request and the view screen's own code, instead
 * of after them (the screen then finds the reply in the query cache). Only
 * with a session: without one the screen sends to the login page anyway.
 * A small module of its own: the router imports it without the view screen.
 */
export const prefetchViewCanvas = (client: QueryClient, viewId: string | undefined): void => {
  if (!viewId || tokenStore.get() === null) return;
  void client.prefetchQuery({ queryKey: canvasKey(viewId), queryFn: () => fetchCanvas(viewId), retry: false, staleTime: 30_000 });
};
