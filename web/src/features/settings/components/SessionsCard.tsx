import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { Card } from '../../../components/Page.tsx';
import { isLanguage, languageInfo } from '../../../i18n/languages.ts';
import { ApiError } from '../../../lib/api.ts';
import { useEndSessions, useMySessions, type OpenSession } from '../api/sessions.ts';
import styles from './Settings.module.css';

/**
 * Issue 17 §4: where I am signed in. Ending another session makes its token
 * refused at once (its next request goes to the login page) and closes its
 * live socket; this session is ended by logging out.
 */
export const SessionsCard = () => {
  const { t, i18n } = useTranslation();
  const sessions = useMySessions();
  const end = useEndSessions();
  const [done, setDone] = useState<string | null>(null);
  const tag = languageInfo[isLanguage(i18n.language) ? i18n.language : 'fr'].tag;
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  const others = (sessions.data?.sessions ?? []).filter((session) => !session.current);

  const finish = async (ids: string[], text: string) => {
    setDone(null);
    try {
      await end.mutateAsync(ids);
      setDone(text);
    } catch {
      // shown from end.error
    }
  };
  const device = (session: OpenSession) => session.userAgent || t('security.sessions.unknownDevice');

  return (
    <Card title={t('security.sessions.title')} className={styles.wide}>
      <p className={styles.muted}>{t('security.sessions.intro')}</p>
      {sessions.isPending && <p>{t('common.loading')}</p>}
      {sessions.error && (
        <Alert tone="error">{sessions.error instanceof ApiError ? sessions.error.message : t('common.genericError')}</Alert>
      )}
      {sessions.data && (
        <ul className={styles.sessions} data-testid="sessions">
          {sessions.data.sessions.map((session) => (
            <li key={session.id} className={styles.session} data-current={session.current} data-testid="session">
              <div>
                <p className={styles.sessionDevice}>
                  {device(session)}
                  {session.current && <span className={styles.currentBadge}>{t('security.sessions.current')}</span>}
                </p>
                <dl className={styles.sessionFacts}>
                  <dt>{t('security.sessions.started')}</dt>
                  <dd>
                    <time dateTime={session.created}>{dateTime.format(new Date(session.created))}</time>
                  </dd>
                  <dt>{t('security.sessions.lastSeen')}</dt>
                  <dd>
                    <time dateTime={session.lastSeen}>{dateTime.format(new Date(session.lastSeen))}</time>
                  </dd>
                  {session.address && (
                    <>
                      <dt>{t('security.sessions.address')}</dt>
                      <dd>{session.address}</dd>
                    </>
                  )}
                </dl>
              </div>
              {!session.current && (
                <Button
                  variant="secondary"
                  disabled={end.isPending}
                  aria-label={t('security.sessions.endLabel', {
                    device: device(session),
                    started: dateTime.format(new Date(session.created)),
                  })}
                  onClick={() => void finish([session.id], t('security.sessions.ended'))}
                >
                  <LogOut size={18} aria-hidden="true" />
                  {t('security.sessions.end')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions.data && others.length === 0 && <p className={styles.muted}>{t('security.sessions.none')}</p>}
      {others.length > 1 && (
        <div>
          <Button
            variant="secondary"
            disabled={end.isPending}
            onClick={() =>
              void finish(
                others.map((session) => session.id),
                t('security.sessions.othersEnded', { count: others.length }),
              )
            }
          >
            <LogOut size={18} aria-hidden="true" />
            {t('security.sessions.endOthers')}
          </Button>
        </div>
      )}
      {done && (
        <p role="status" className={styles.ok}>
          {done}
        </p>
      )}
      {end.error && <Alert tone="error">{end.error instanceof ApiError ? end.error.message : t('common.genericError')}</Alert>}
    </Card>
  );
};
