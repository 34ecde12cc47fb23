import { afterAll } from 'vitest';
import { translateSettings } from '../../services/integrations/translate/translateSettings.ts';
import { fakeLibreTranslateEnv, startFakeLibreTranslate } from '../support/fakeLibreTranslate.ts';
import { buildTestApp } from '../support/testApp.ts';
import { translateRows } from './contentAuthorization.translate.ts';
import { matrix } from './contentAuthorization.world.ts';

/**
 * Translation and Admin tools' integration list × pupil, classmate, manager of another class,
 * stranger, anonymous, a manager of the class, an admin and a researcher (rows in
 * contentAuthorization.translate.ts), with LibreTranslate played by a local protocol fake
 * (tests/support/fakeLibreTranslate.ts).
 */
const fake = await startFakeLibreTranslate();
afterAll(async () => fake.close());

const { run } = await matrix('translation and integrations authorization (issue 18 §4, §8; spec part 1 §7)', () =>
  buildTestApp({ translate: translateSettings(fakeLibreTranslateEnv(fake)) }),
);

run(translateRows);
