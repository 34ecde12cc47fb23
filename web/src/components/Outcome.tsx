import { Alert } from './Alert.tsx';

/** The answer to a form's last action, shown under the form; null before any. */
export type Outcome = { ok: boolean; text: string } | null;

/** The outcome as a success or error message (nothing when there is none yet). */
export const OutcomeAlert = ({ outcome, testId }: { outcome: Outcome; testId?: string }) =>
  outcome ? (
    <Alert tone={outcome.ok ? 'success' : 'error'} testId={testId}>
      {outcome.text}
    </Alert>
  ) : null;
