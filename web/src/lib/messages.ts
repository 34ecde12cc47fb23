import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Messages } from '../../../contracts/messages.ts';

/** The admin reset's success text (spec §8), alongside the contract's messages. */
export const resetSucceededMessage = 'succeeded.';

const messageKeys = new Map<string, keyof typeof Messages | 'resetSucceeded'>([
  ...Object.entries(Messages).map(([key, text]) => [text, key as keyof typeof Messages] as const),
  [resetSucceededMessage, 'resetSucceeded'],
]);

/**
 * Shows a spec message (from the server or from contracts/messages.ts) through
 * its locale key, so every locale file carries it; unknown server texts pass
 * through unchanged.
 */
export const useMessageText = (): ((message: string) => string) => {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const key = messageKeys.get(message);
      return key ? t(`messages.${key}`) : message;
    },
    [t],
  );
};
