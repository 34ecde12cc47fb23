import { useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { descriptionMaxLength } from '../../../../../contracts/api/objects.ts';
import { Button } from '../../../components/Button.tsx';
import { failureText } from '../../../components/serverMessage.ts';
import { keys, saveObject, type ObjectReply } from '../api/objects.ts';
import { descriptionOf } from '../../../../../contracts/contributionData.ts';
import { DescriptionField, descriptionLength } from './DescriptionField.tsx';
import styles from './Description.module.css';

/**
 * An attachment's description, saved on its own (an attachment has no Edit
 * tab; a drawing's goes with the drawing, see DrawingEdit). Sent with the
 * title as it is, at the revision last loaded, like any save.
 */
export const DescriptionForm = ({ object }: { object: ObjectReply }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(descriptionOf(object));
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [error, setError] = useState<string | null>(null);
  const changed = value.trim() !== descriptionOf(object);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'saving' || descriptionLength(value) > descriptionMaxLength) return;
    if (!changed) {
      setState('saved');
      return;
    }
    setState('saving');
    setError(null);
    try {
      const outcome = await saveObject(object.communityId, object._id, {
        revision: object.revision,
        title: object.title,
        description: value.trim(),
      });
      if (!outcome.ok) {
        // Changed meanwhile (a new version): reload it, the pupil saves again.
        setError(t('contribution.description.changedMeanwhile'));
        setState('idle');
        void queryClient.invalidateQueries({ queryKey: keys.object(object._id), exact: true });
        return;
      }
      queryClient.setQueryData(keys.object(object._id), outcome.object);
      void queryClient.invalidateQueries({ queryKey: keys.history(object._id) });
      setState('saved');
    } catch (failure) {
      setError(failureText(failure));
      setState('idle');
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} data-testid="description-form">
      <DescriptionField
        value={value}
        onChange={(next) => {
          setValue(next);
          setState('idle');
        }}
        name="attachment-description"
        error={error}
      />
      {/* Never disabled: the button keeps the focus after a save (a disabled one would drop it to the page). */}
      <Button type="submit" variant="secondary" data-testid="description-save">
        <Save size={18} aria-hidden="true" />
        {t('contribution.description.save')}
      </Button>
      {/* Present before it speaks, so the saved message is announced. */}
      <p role="status" className={styles.status} data-testid="description-status">
        {state === 'saved' ? t('contribution.description.saved') : ''}
      </p>
    </form>
  );
};
