import { describe, expect, it } from 'vitest';
import { chooseReturn, returnOrder } from './focusReturn.ts';

describe('where focus goes when a window closes (issue 25 §2)', () => {
  const all = { card: 'card', opener: 'opener', window: 'window', canvas: 'canvas' };
  const usable = () => true;

  it('goes back to what opened a window: the card, the list item, the link', () => {
    expect(returnOrder(false)[0]).toBe('opener');
    expect(chooseReturn(false, all, usable)).toBe('opener');
  });

  it('goes to the card of a contribution just created, where the pupil will look for it', () => {
    expect(returnOrder(true)[0]).toBe('card');
    expect(chooseReturn(true, all, usable)).toBe('card');
  });

  it('falls back in order when a candidate is gone or cannot take focus, and ends on the canvas', () => {
    // A build-on closed before it was contributed has no card: the button that made it.
    expect(chooseReturn(true, { ...all, card: null }, usable)).toBe('opener');
    // The opener was a menu item, gone with its menu: the card.
    expect(chooseReturn(false, { ...all, opener: null }, usable)).toBe('card');
    // Neither: the front window left open, then the canvas.
    expect(chooseReturn(false, { window: 'window', canvas: 'canvas' }, usable)).toBe('window');
    expect(chooseReturn(true, { card: 'card', opener: 'opener', canvas: 'canvas' }, (item) => item === 'canvas')).toBe('canvas');
  });

  it('gives nothing rather than <body> when nothing can take focus', () => {
    expect(chooseReturn(false, all, () => false)).toBeNull();
    expect(chooseReturn(false, {}, usable)).toBeNull();
  });
});
