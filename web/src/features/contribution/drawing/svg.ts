/** The empty drawing of fact sheet §1.3: 200×200 with one layer "Layer 1". */
export const emptyDrawingSvg = (): string =>
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><g id="layer1" data-name="Layer 1"></g></svg>';

/** The default title of a new drawing (fact sheet §1.3). */
export const defaultDrawingTitle = 'Un dessin';

/** An SVG as an <img> source: images never run scripts. */
export const svgDataUrl = (svg: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg || emptyDrawingSvg())}`;
