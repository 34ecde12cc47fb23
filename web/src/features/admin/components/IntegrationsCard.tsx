import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { Card } from '../../../components/Page.tsx';
import { isLanguage, languageInfo } from '../../../i18n/languages.ts';
import { failureText } from '../../../components/serverMessage.ts';
import { useIntegrations, type IntegrationState } from '../api/admin.ts';
import styles from './Admin.module.css';

/**
 * Admin tools › "Intégrations" (issue 18 §8): each integration the server
 * knows (Google Docs / Drive, translation, e-mail, and the sign-in and writing
 * help ones once they exist), whether it is configured, whether its server
 * answers now, and the last error it met. The server never sends a secret:
 * the detail is a host name.
 */
export const IntegrationsCard = () => {
  const { t, i18n } = useTranslation();
  const integrations = useIntegrations();
  const tag = languageInfo[isLanguage(i18n.language) ? i18n.language : 'fr'].tag;
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });

  const reachability = (line: IntegrationState): string =>
    line.reachable === null
      ? t('tools.integrations.notChecked')
      : line.reachable
        ? t('tools.integrations.reachable')
        : t('tools.integrations.unreachable');

  return (
    <Card title={t('tools.integrations.title')} className={styles.wide}>
      <p className={styles.muted}>{t('tools.integrations.intro')}</p>
      {integrations.isPending && <p>{t('common.loading')}</p>}
      {integrations.isError && <Alert tone="error">{failureText(integrations.error)}</Alert>}
      {integrations.data && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('tools.integrations.title')}>
          <table className={styles.table} data-testid="integrations">
            <thead>
              <tr>
                <th scope="col">{t('tools.integrations.name')}</th>
                <th scope="col">{t('tools.integrations.configuredColumn')}</th>
                <th scope="col">{t('tools.integrations.reachableColumn')}</th>
                <th scope="col">{t('tools.integrations.lastError')}</th>
              </tr>
            </thead>
            <tbody>
              {integrations.data.map((line) => (
                <tr key={line.name} data-integration={line.name} data-configured={String(line.configured)}>
                  <th scope="row">
                    {t(`tools.integrations.names.${line.name}`)}
                    {line.detail && <div className={styles.integrationDetail}>{line.detail}</div>}
                  </th>
                  <td>
                    <span className={`${styles.badge} ${line.configured ? styles.badgeAdmin : ''}`}>
                      {line.configured ? t('tools.integrations.configured') : t('tools.integrations.notConfigured')}
                    </span>
                  </td>
                  <td>{line.configured ? reachability(line) : '—'}</td>
                  <td>
                    {line.lastError
                      ? t('tools.integrations.errorAt', {
                          message: line.lastError.message,
                          at: dateTime.format(new Date(line.lastError.at)),
                        })
                      : t('tools.integrations.noError')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div>
        <Button variant="secondary" onClick={() => void integrations.refetch()} disabled={integrations.isFetching}>
          <RefreshCw size={18} aria-hidden="true" />
          {t('tools.integrations.check')}
        </Button>
      </div>
    </Card>
  );
};
