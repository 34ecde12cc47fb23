import { describe, expect, it } from 'vitest';
import { summariseUserAgent } from './userAgent.ts';

describe('summariseUserAgent', () => {
  it('names the browser and the system, never the whole header', () => {
    expect(summariseUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox / Linux');
    expect(
      summariseUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      ),
    ).toBe('Edge / Windows');
    expect(
      summariseUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari / iPhone');
    expect(
      summariseUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      ),
    ).toBe('Chrome / macOS');
  });

  it('keeps only a short first word of unknown agents, and nothing for none', () => {
    expect(summariseUserAgent(undefined)).toBe('');
    expect(summariseUserAgent('lightMyRequest')).toBe('lightMyRequest');
    expect(summariseUserAgent(`x${'y'.repeat(500)}`).length).toBeLessThanOrEqual(60);
  });
});
