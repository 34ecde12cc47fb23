import { createContext, type ReactNode } from 'react';

/**
 * Draws a rise-above's inner view inside its ref when it is shown in place
 * (fact sheet §10.3). Given by the view screen through context, so RefItem
 * needs no import of the canvas that draws it; null inside a preview, so a
 * rise-above within a rise-above shows as a card.
 */
export const InPlaceViewContext = createContext<((viewId: string, title: string) => ReactNode) | null>(null);
