import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromisingIdea } from '../../../../contracts/api/promisingIdeas.ts';
import { collapsedIdea, type PromisingIdeaColour } from '../../../../contracts/promisingIdeas.ts';
import { Button } from '../../components/Button.tsx';
import { IdeaColourAndReason } from '../../components/IdeaColourAndReason.tsx';
import { serverMessage } from '../../components/serverMessage.ts';
import { useEditIdea } from './api.ts';
import styles from './PromisingIdeas.module.css';

/**
 * Editing one idea of the table (issue 14 §3; its author or a manager): its
 * colour, from the spec's list with the community's labels, and its reason.
 * The passage stays what it marks. Drawn in a row of its own under the idea's.
 */
export const EditIdeaForm = ({
  idea,
  labelOf,
  onDone,
}: {
  idea: PromisingIdea;
  labelOf: (colour: PromisingIdeaColour) => string;
  onDone: (saved: boolean) => void;
}) => {
  const { t } = useTranslation();
  const headingId = useId();
  const element = useRef<HTMLFormElement>(null);
  const [colour, setColour] = useState<PromisingIdeaColour>(idea.color);
  const [reason, setReason] = useState(idea.reason);
  const edit = useEditIdea(idea.communityId);
  // The colour first: the form opens where the keyboard is.
  useEffect(() => element.current?.querySelector('select')?.focus(), []);
  return (
    <form
      ref={element}
      className={styles.editForm}
      aria-labelledby={headingId}
      data-testid="pi-edit-form"
      onSubmit={(event) => {
        event.preventDefault();
        edit.mutate({ ideaId: idea._id, body: { color: colour, reason } }, { onSuccess: () => onDone(true) });
      }}
    >
      <h3 id={headingId}>{t('promisingIdeas.edit.heading', { idea: collapsedIdea(idea.idea).slice(0, 60) })}</h3>
      <IdeaColourAndReason
        name="pi-edit"
        colourLabel={t('promisingIdeas.edit.colour')}
        reasonLabel={t('promisingIdeas.edit.reason')}
        colour={colour}
        reason={reason}
        labelOf={labelOf}
        onColour={setColour}
        onReason={setReason}
      />
      {edit.isError && (
        <p className={styles.editError} role="alert" data-testid="pi-edit-error">
          {serverMessage(edit.error) ?? t('promisingIdeas.edit.failed')}
        </p>
      )}
      <div className={styles.editButtons}>
        <Button type="submit" disabled={edit.isPending} data-testid="pi-edit-save">
          {t('promisingIdeas.edit.save')}
        </Button>
        <Button variant="ghost" onClick={() => onDone(false)} data-testid="pi-edit-cancel">
          {t('promisingIdeas.edit.cancel')}
        </Button>
      </div>
    </form>
  );
};
