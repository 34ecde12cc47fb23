import * as RadixDialog from '@radix-ui/react-dialog';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import styles from './Windows.module.css';

type Ask =
  | { kind: 'confirm'; message: string; resolve: (ok: boolean) => void }
  | { kind: 'prompt'; message: string; initial: string; resolve: (value: string | null) => void };

/**
 * Confirm and prompt as accessible Radix dialogs returning promises:
 * `await confirm('…')`, `await prompt('…')` (null when cancelled).
 */
export const useAsk = () => {
  const [ask, setAsk] = useState<Ask | null>(null);
  const confirm = useCallback((message: string) => new Promise<boolean>((resolve) => setAsk({ kind: 'confirm', message, resolve })), []);
  const prompt = useCallback(
    (message: string, initial = '') => new Promise<string | null>((resolve) => setAsk({ kind: 'prompt', message, initial, resolve })),
    [],
  );
  const close = useCallback(() => setAsk(null), []);
  return { ask, confirm, prompt, close };
};

export const AskDialog = ({ ask, close }: { ask: Ask | null; close: () => void }) => {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const cancel = () => {
    if (ask?.kind === 'confirm') ask.resolve(false);
    else if (ask) ask.resolve(null);
    close();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ask?.kind === 'confirm') ask.resolve(true);
    else if (ask) ask.resolve(input.current?.value ?? '');
    close();
  };
  return (
    <RadixDialog.Root open={ask !== null} onOpenChange={(open) => !open && cancel()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.askOverlay} />
        <RadixDialog.Content className={styles.ask} aria-describedby={undefined} data-testid="ask-dialog">
          <form onSubmit={submit} className={styles.askForm}>
            <RadixDialog.Title className={styles.askTitle}>
              {ask?.kind === 'prompt' ? <label htmlFor={inputId}>{ask.message}</label> : ask?.message}
            </RadixDialog.Title>
            {ask?.kind === 'prompt' && (
              <input
                id={inputId}
                ref={input}
                className={styles.askInput}
                defaultValue={ask.initial}
                autoFocus
                maxLength={500}
                data-testid="ask-input"
              />
            )}
            <div className={styles.askButtons}>
              <Button variant="secondary" onClick={cancel} data-testid="ask-cancel">
                {t('canvas.cancel')}
              </Button>
              <Button type="submit" data-testid="ask-ok">
                {t('canvas.ok')}
              </Button>
            </div>
          </form>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
};
