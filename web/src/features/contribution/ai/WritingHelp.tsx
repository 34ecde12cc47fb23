import { useQuery } from '@tanstack/react-query';
import { Sparkles, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiStatusReply } from '../../../../../contracts/api/ai.ts';
import { Button } from '../../../components/Button.tsx';
import { api, loginHref } from '../../../lib/api.ts';
import { tokenStore } from '../../../lib/tokenStore.ts';
import { helpQueries, lockSeconds, spellCheckChunks, textPieces, type HelpKind } from './spellCheckStream.ts';
import styles from './WritingHelp.module.css';

type Answer = { kind: HelpKind; text: string; waiting: boolean; error: string | null; done: boolean };

/**
 * The editor's writing help (issue 18 §3; spec part 1 §7–9): "Vérifier l'orthographe" (offline,
 * always there) and, when the server has a chat model, "Corriger le texte" and "Expliquer" at the
 * three age levels. The answer streams into the panel as it comes, "Un instant svp..." until its
 * first piece; the buttons are locked for 40 s after each use; a failure shows the spec's "Une
 * erreur s'est produite: {status}" or "Une erreur réseau s'est produite".
 */
export const WritingHelp = ({
  communityId,
  contributionId,
  text,
}: {
  communityId: string;
  contributionId: string;
  /** The note's text as it is in the editor now. */
  text: () => string;
}) => {
  const { t, i18n } = useTranslation();
  const status = useQuery({
    queryKey: ['ai', 'status'],
    queryFn: () => api.request<AiStatusReply>('/api/ai/status'),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [lockedUntil, setLockedUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const leaving = useRef<AbortController | null>(null);

  useEffect(() => {
    if (lockedUntil <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1_000);
    return () => clearTimeout(timer);
  }, [lockedUntil, now]);
  useEffect(() => () => leaving.current?.abort(), []);

  const locked = lockedUntil > now;
  const secondsLeft = Math.ceil((lockedUntil - now) / 1000);

  const run = async (kind: HelpKind) => {
    const started = Date.now();
    setNow(started);
    setLockedUntil(started + lockSeconds * 1000);
    setAnswer({ kind, text: '', waiting: true, error: null, done: false });
    leaving.current?.abort();
    const controller = new AbortController();
    leaving.current = controller;
    const update = (change: Partial<Answer>) => setAnswer((current) => (current ? { ...current, ...change } : current));
    const token = tokenStore.get();
    let response: Response;
    try {
      response = await fetch(`/api/ai/spellCheck?${helpQueries[kind]}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({
          text: text() || ' ',
          params: { community_id: communityId, contribution_id: contributionId, language: i18n.language.startsWith('en') ? 'en' : 'fr' },
        }),
        signal: controller.signal,
      });
    } catch {
      if (!controller.signal.aborted) update({ waiting: false, error: t('contribution.ai.networkError') });
      return;
    }
    if (response.status === 401) {
      tokenStore.set(null);
      window.location.assign(loginHref(window.location.pathname + window.location.search));
      return;
    }
    if (!response.ok || !response.body) {
      update({ waiting: false, error: t('contribution.ai.errorStatus', { status: response.status }) });
      return;
    }
    let received = '';
    try {
      for await (const chunk of spellCheckChunks(textPieces(response.body))) {
        if ('partial' in chunk) {
          received += chunk.partial;
          update({ text: received, waiting: false });
        } else if ('error' in chunk) {
          update({ waiting: false, error: t('contribution.ai.errorStatus', { status: chunk.status }) });
          return;
        }
      }
      update({ waiting: false, done: true });
    } catch {
      if (!controller.signal.aborted) update({ waiting: false, error: t('contribution.ai.networkError') });
    }
  };

  const kinds: HelpKind[] = status.data?.chat ? ['quick', 'full', 'explain1', 'explain2', 'explain3'] : ['quick'];
  return (
    <section className={styles.box} aria-label={t('contribution.ai.panel')} data-testid="writing-help">
      <h3 className={styles.title}>{t('contribution.ai.panel')}</h3>
      <div className={styles.buttons}>
        {kinds.map((kind) => (
          <Button key={kind} variant="secondary" onClick={() => void run(kind)} disabled={locked} data-testid={`ai-${kind}`}>
            <Sparkles size={16} aria-hidden="true" />
            {t(`contribution.ai.${kind}`)}
          </Button>
        ))}
      </div>
      {locked && (
        <p className={styles.lock} data-testid="ai-lock">
          {t('contribution.ai.locked', { seconds: secondsLeft })}
        </p>
      )}
      {answer && (
        <div data-testid="ai-panel">
          <div className={styles.head}>
            <strong>{t(`contribution.ai.${answer.kind}`)}</strong>
            <Button
              variant="ghost"
              onClick={() => {
                leaving.current?.abort();
                setAnswer(null);
              }}
              aria-label={t('contribution.ai.close')}
              data-testid="ai-close"
            >
              <X size={16} aria-hidden="true" />
            </Button>
          </div>
          {answer.waiting && <p role="status">{t('contribution.ai.waiting')}</p>}
          {answer.text && (
            <p className={styles.answer} aria-live="polite" data-testid="ai-answer">
              {answer.text}
            </p>
          )}
          {answer.done && !answer.text && <p role="status">{t('contribution.ai.noMistakes')}</p>}
          {answer.error && (
            <p role="alert" data-testid="ai-error">
              {answer.error}
            </p>
          )}
        </div>
      )}
    </section>
  );
};
