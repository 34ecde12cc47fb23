import { Lock, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { TextField } from './Field.tsx';
import { OutcomeAlert, type Outcome } from './Outcome.tsx';
import { Card } from './Page.tsx';
import { serverMessage } from './serverMessage.ts';
import layout from '../styles/layout.module.css';

/** The mutation both screens use: POST /api/communities/{id}/blockWriters. */
export type BlockWritersMutation = {
  mutateAsync: (body: { registrationKey: string; block: boolean }) => Promise<{ modified: number }>;
  isPending: boolean;
};

export type BlockWritersCardProps = {
  block: BlockWritersMutation;
  /** Whose wording to use: the author manager's or the community editor's (the same keys in both). */
  textSection: 'authors' | 'communityEditor';
};

/**
 * Block or unblock every writer's login once the community's registration key
 * is typed (the author manager and the community editor both offer it).
 */
export const BlockWritersCard = ({ block, textSection: section }: BlockWritersCardProps) => {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);

  const run = async (blocked: boolean) => {
    setOutcome(null);
    try {
      const { modified: count } = await block.mutateAsync({ registrationKey: key, block: blocked });
      setOutcome({ ok: true, text: blocked ? t(`${section}.blocked`, { count }) : t(`${section}.unblocked`, { count }) });
    } catch (failure) {
      setOutcome({ ok: false, text: serverMessage(failure) ?? t('common.genericError') });
    }
  };

  return (
    <Card title={t(`${section}.blockTitle`)}>
      <p className={layout.muted}>{t(`${section}.blockHint`)}</p>
      <TextField
        name="block-key"
        label={t(`${section}.typeKey`)}
        autoComplete="off"
        value={key}
        onChange={(event) => setKey(event.target.value)}
      />
      <div className={layout.actions}>
        <Button variant="secondary" disabled={block.isPending} onClick={() => void run(true)} data-testid="block-writers">
          <Lock size={18} aria-hidden="true" />
          {t(`${section}.block`)}
        </Button>
        <Button variant="secondary" disabled={block.isPending} onClick={() => void run(false)} data-testid="unblock-writers">
          <LockOpen size={18} aria-hidden="true" />
          {t(`${section}.unblock`)}
        </Button>
      </div>
      <OutcomeAlert outcome={outcome} testId="block-result" />
    </Card>
  );
};
