import { afterAll } from 'vitest';
import { googleSettings } from '../../services/integrations/google/googleSettings.ts';
import { fakeGoogleEnv, startFakeGoogle } from '../support/fakeGoogle.ts';
import { buildTestApp } from '../support/testApp.ts';
import { googleFake, googleRows } from './contentAuthorization.google.ts';
import { matrix } from './contentAuthorization.world.ts';

/**
 * Google Docs / Drive × pupil, classmate, manager of another class, stranger, anonymous, a manager
 * of the class, an admin and a researcher (rows in contentAuthorization.google.ts), with Google
 * played by a local protocol fake (tests/support/fakeGoogle.ts).
 */
const fake = await startFakeGoogle();
googleFake.current = fake;
afterAll(async () => fake.close());

const { run } = await matrix('Google Docs / Drive authorization (issue 18 §6, spec part 1 §7)', () =>
  buildTestApp({ google: googleSettings(fakeGoogleEnv(fake), 'http://buildon.test') }),
);

run(googleRows);
