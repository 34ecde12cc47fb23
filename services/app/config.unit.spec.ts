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
});
