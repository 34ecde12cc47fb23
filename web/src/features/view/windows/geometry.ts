/** Internal windows (spec part 2 §9): 650×410 by default, at most 80% of the screen. */
export const windowDefaults = { width: 650, height: 410, maxShare: 0.8, minWidth: 280, minHeight: 180, cascade: 28 } as const;

export type Size = { width: number; height: number };

export const capSize = (size: Size, screen: Size): Size => ({
  width: Math.round(Math.max(windowDefaults.minWidth, Math.min(size.width, screen.width * windowDefaults.maxShare))),
  height: Math.round(Math.max(windowDefaults.minHeight, Math.min(size.height, screen.height * windowDefaults.maxShare))),
});

/**
 * A new window's size: the spec's 650×410 at least, grown with the screen
 * (55% of its width, 80% of its height) so a note's text and its "Contribuer"
 * fit on a 1366×768 laptop (issue 21 §9); never more than 80% of the screen.
 */
export const screenSizedWindow = (screen: Size): Size =>
  capSize(
    {
      width: Math.max(windowDefaults.width, screen.width * 0.55),
      height: Math.max(windowDefaults.height, screen.height * windowDefaults.maxShare),
    },
    screen,
  );

/** Where the n-th open window goes: centred, then cascading down-right. */
export const initialFrame = (screen: Size, openCount: number) => {
  const size = screenSizedWindow(screen);
  const step = (openCount % 8) * windowDefaults.cascade;
  return {
    ...size,
    x: Math.max(8, Math.round((screen.width - size.width) / 2) + step),
    y: Math.max(8, Math.min(screen.height - size.height - 8, Math.round((screen.height - size.height) / 3) + step)),
  };
};

/** Keeps at least a grip of the title bar on screen. */
export const keepOnScreen = (pos: { x: number; y: number }, size: Size, screen: Size) => ({
  x: Math.round(Math.min(screen.width - 80, Math.max(80 - size.width, pos.x))),
  y: Math.round(Math.min(screen.height - 40, Math.max(0, pos.y))),
});
