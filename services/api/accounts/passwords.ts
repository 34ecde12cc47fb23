import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id with OWASP's minimum profile (19 MiB, 2 passes): ~30 ms here. */
// `Algorithm` is a const enum, which verbatimModuleSyntax cannot import as a value: 2 is Argon2id.
const options = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
}

export const argon2Hasher: PasswordHasher = {
  hash: (password) => hash(password, options),
  verify: async (hashed, password) => {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  },
};

/**
 * Verified against when a login names an unknown user, so that the answer
 * takes as long as for a known one.
 */
export const dummyHash = await hash('buildon-timing-equaliser', options);
