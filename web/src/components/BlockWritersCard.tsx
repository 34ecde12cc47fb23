import { Lock, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { TextField } from './Field.tsx';
import { OutcomeAlert, type Outcome } from './Outcome.tsx';
import { Card } from './Page.tsx';
import { serverMessage } from './serverMessage.ts';
import layout from '../styles/layout.module.css';

export type BlockWritersTexts = {
  title: string;
  hint: string;
  keyLabel: string;
  block: string;
  unblock: string;
  blocked: (count: number) => string;
  unblocked: (count: number) => string;
};

export type BlockWritersCardProps = {
  /** Sends the typed registration key and the wanted state; resolves to how many memberships changed. */
  setBlocked: (registrationKey: string, blocked: boolean) => Promise<number>;
  pending: boolean;
  texts: BlockWritersTexts;
};

/**
 * Block or unblock every writer's login once the community's registration key
 * is typed (the author manager and the community editor both offer it).
 */
export const BlockWritersCard = ({ setBlocked, pending, texts }: BlockWritersCardProps) => {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);

  const run = async (blocked: boolean) => {
    setOutcome(null);
    try {
      const count = await setBlocked(key, blocked);
      setOutcome({ ok: true, text: blocked ? texts.blocked(count) : texts.unblocked(count) });
    } catch (failure) {
      setOutcome({ ok: false, text: serverMessage(failure) ?? t('common.genericError') });
    }
  };

  return (
    <Card title={texts.title}>
      <p className={layout.muted}>{texts.hint}</p>
      <TextField name="block-key" label={texts.keyLabel} autoComplete="off" value={key} onChange={(event) => setKey(event.target.value)} />
      <div className={layout.actions}>
        <Button variant="secondary" disabled={pending} onClick={() => void run(true)} data-testid="block-writers">
          <Lock size={18} aria-hidden="true" />
          {texts.block}
        </Button>
        <Button variant="secondary" disabled={pending} onClick={() => void run(false)} data-testid="unblock-writers">
          <LockOpen size={18} aria-hidden="true" />
          {texts.unblock}
        </Button>
      </div>
      <OutcomeAlert outcome={outcome} testId="block-result" />
    </Card>
  );
};
