import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('listens on this machine only unless HOST says otherwise (issue 21 §14)', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('keeps its data in ./data, resolved to an absolute folder the CLI can name', () => {
    expect(loadConfig({}).dataDir).toBe(resolve('data'));
    expect(loadConfig({ BUILDON_DATA_DIR: '/srv/buildon' }).dataDir).toBe('/srv/buildon');
  });

  it('reads the abuse limits (issue 17 §5): a quota per community and per-user rates, 0 turning each off', () => {
    expect(loadConfig({}).communityQuotaMb).toBe(500);
    expect(loadConfig({}).userRateLimits).toEqual({
      writesPerMinute: 120,
      searchesPerMinute: 60,
      uploadsPerMinute: 30,
      translationsPerMinute: 20,
      aiRequestsPerMinute: 6,
    });
    const set = loadConfig({
      BUILDON_COMMUNITY_QUOTA_MB: '0',
      BUILDON_WRITES_PER_MINUTE: '0',
      BUILDON_SEARCHES_PER_MINUTE: '10',
      BUILDON_UPLOADS_PER_MINUTE: '5',
      BUILDON_TRANSLATIONS_PER_MINUTE: '3',
      BUILDON_AI_REQUESTS_PER_MINUTE: '2',
    });
    expect(set.communityQuotaMb).toBe(0);
    expect(set.userRateLimits).toEqual({
      writesPerMinute: 0,
      searchesPerMinute: 10,
      uploadsPerMinute: 5,
      translationsPerMinute: 3,
      aiRequestsPerMinute: 2,
    });
    expect(() => loadConfig({ BUILDON_WRITES_PER_MINUTE: 'lots' })).toThrow(/BUILDON_WRITES_PER_MINUTE/);
    expect(() => loadConfig({ BUILDON_COMMUNITY_QUOTA_MB: '-1' })).toThrow(/BUILDON_COMMUNITY_QUOTA_MB/);
  });
});
