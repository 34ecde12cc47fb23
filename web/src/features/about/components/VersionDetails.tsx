import { useTranslation } from 'react-i18next';
import { useVersion } from '../../../lib/meta.ts';
import styles from './About.module.css';

/** The version dialog's body: release, KF compatibility, Node and storage. */
export const VersionDetails = () => {
  const { t } = useTranslation();
  const version = useVersion();
  if (version.isPending) return <p>{t('common.loading')}</p>;
  if (version.isError) return <p role="alert">{t('about.loadFailed')}</p>;
  const { data } = version;
  return (
    <ul className={styles.list} data-testid="version-details">
      <li className={styles.strong}>{t('about.versionLine', { version: data.version })}</li>
      <li>{t('about.kfLine', { kfVersion: data.kfVersion })}</li>
      <li className={styles.muted}>{t('about.nodeLine', { node: data.node })}</li>
      <li className={styles.muted}>{t('about.storageLine', data.storage)}</li>
    </ul>
  );
};
