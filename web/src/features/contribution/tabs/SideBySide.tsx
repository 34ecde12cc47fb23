import { noteBodyOf } from '../../../../../contracts/contributionData.ts';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../lib/noteLanguage.ts';
import type { ObjectReply } from '../api/objects.ts';
import { resolveAttachment } from '../attachments/resolve.ts';
import { DocView } from '../editor/DocView.tsx';
import { localisedObject } from '../state/languages.ts';
import styles from './Tabs.module.css';

/**
 * A multilanguage note's second version beside the Read tab's
 * (`sideToSideNotePosition`, spec part 2 plugins; issue 21 §15): its title
 * and body, marked with their language so screen readers switch voice.
 */
export const CompanionVersion = ({ object, language, defaultLang }: { object: ObjectReply; language: string; defaultLang: string }) => {
  const { t } = useTranslation();
  const version = localisedObject(object, language, defaultLang);
  return (
    <article className={styles.read} lang={language} data-testid="read-companion" data-language={language}>
      <p className={styles.meta}>{t('multilanguage.sideBySide', { language: languageName(language) })}</p>
      <h3 className={styles.companionTitle}>{version.title}</h3>
      <DocView body={noteBodyOf(version)} resolveAttachment={resolveAttachment} testId="read-companion-body" />
    </article>
  );
};
