import { describe, expect, it } from 'vitest';
import { pluginEnabled } from './plugins.ts';

describe('pluginEnabled', () => {
  it('is on only when the flag is true', () => {
    expect(pluginEnabled({ plugins: { enableFavourites: true } }, 'enableFavourites')).toBe(true);
    expect(pluginEnabled({ plugins: { enableFavourites: false } }, 'enableFavourites')).toBe(false);
    expect(pluginEnabled({ plugins: { enableFavourites: 'true' } }, 'enableFavourites')).toBe(false);
  });

  it('is off for a missing context, missing plugins or older data', () => {
    expect(pluginEnabled(undefined, 'enableFavourites')).toBe(false);
    expect(pluginEnabled({}, 'enableFavourites')).toBe(false);
    expect(pluginEnabled({ plugins: null }, 'enableFavourites')).toBe(false);
  });
});
