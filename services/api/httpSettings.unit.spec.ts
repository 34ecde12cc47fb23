import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfigSource } from '../app/configFile.ts';
import { httpSettings } from './httpSettings.ts';

describe('the HTTP settings', () => {
  it('come from buildon.env as from the environment, the environment winning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'buildon-http-settings-'));
    try {
      const file = join(dir, 'buildon.env');
      writeFileSync(
        file,
        [
          'BUILDON_PUBLIC_URL=https://buildon.ecole.example',
          'BUILDON_CORS_ORIGINS=https://kf6.ecole.example',
          'BUILDON_SECURITY_CONTACT=securite@ecole.example',
          'BUILDON_TRUST_PROXY=1',
        ].join('\n'),
      );
      const fromFile = httpSettings(readConfigSource({ BUILDON_CONFIG: file }).env);
      expect(fromFile).toEqual({
        publicUrl: 'https://buildon.ecole.example',
        corsOrigins: ['https://kf6.ecole.example'],
        securityContact: 'securite@ecole.example',
        trustProxy: true,
      });
      const overridden = httpSettings(readConfigSource({ BUILDON_CONFIG: file, BUILDON_PUBLIC_URL: 'https://other.example' }).env);
      expect(overridden.publicUrl).toBe('https://other.example');
      expect(httpSettings({})).toEqual({ publicUrl: '', corsOrigins: [], securityContact: '', trustProxy: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
