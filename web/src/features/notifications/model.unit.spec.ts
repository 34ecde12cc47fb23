import { describe, expect, it } from 'vitest';
import { badgeText, notificationHref, sentenceKey } from './model.ts';

describe('notifications model', () => {
  it('links to the contribution, in its view when known', () => {
    expect(notificationHref({ contributionId: 'a1', contextId: null })).toBe('/contribution/a1');
    expect(notificationHref({ contributionId: 'a1', contextId: 'v2' })).toBe('/contribution/a1/v2');
  });

  it('shows the unread count on the badge, nothing at 0, 99+ beyond', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(3)).toBe('3');
    expect(badgeText(120)).toBe('99+');
  });

  it('has one sentence per kind', () => {
    expect(sentenceKey('buildon')).toBe('notifications.kind.buildon');
  });
});
