import { Lightbulb } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PromisingIdeaColour } from '../../../../../contracts/promisingIdeas.ts';
import { Button } from '../../../components/Button.tsx';
import { IdeaColourAndReason } from '../../../components/IdeaColourAndReason.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { useCommunitySettings } from '../../../lib/community.ts';
import type { ObjectReply } from '../api/objects.ts';
import { selectionRange } from '../annotations/dom.ts';
import { useMarkIdea, useNoteIdeas } from './api.ts';
import styles from './PromisingIdea.module.css';

type Passage = { start: number; end: number; quote: string };

/**
 * Promising ideas in the Read tab (issue 14 §3): while the community's
 * plugin is on, selecting a passage of a contributed note enables
 * "Idée prometteuse", which asks a colour (spec part 2 §9) and a reason and
 * marks it. The passage is found in the read body (`data-testid="read-body"`)
 * with the annotations' text offsets, so the server can check it.
 */
export const PromisingIdeaMarker = ({ object, children }: { object: ObjectReply; children: ReactNode }) => {
  const { t } = useTranslation();
  const settings = useCommunitySettings(object.communityId);
  const on = settings.data?.data.plugins.promisingnessidea === true && object.type === 'Note' && object.status === 'active';
  const frame = useRef<HTMLDivElement | null>(null);
  const [selected, setSelected] = useState<Passage | null>(null);
  const [form, setForm] = useState<Passage | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!on) return undefined;
    const onChange = () => {
      const root = frame.current?.querySelector<HTMLElement>('[data-testid="read-body"]');
      if (!root) return;
      const found = selectionRange(root, document.getSelection());
      // A selection elsewhere (a form field, another window) leaves the last passage chosen.
      if (found) setSelected(found);
      else if (document.getSelection()?.isCollapsed !== false && !frame.current?.contains(document.activeElement)) setSelected(null);
    };
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [on]);

  if (!on) return <>{children}</>;
  return (
    <div ref={frame} data-testid="promising-frame">
      <div className={styles.bar}>
        <Button
          variant="secondary"
          disabled={!selected || form !== null}
          // Keep the selection while pressing the button.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setSaved(false);
            setForm(selected);
          }}
          data-testid="promising-mark"
        >
          <Lightbulb size={16} aria-hidden="true" /> {t('promisingIdeas.mark.button')}
        </Button>
        {!selected && !form && <span className={styles.hint}>{t('promisingIdeas.mark.hint')}</span>}
        {saved && (
          <span className={styles.saved} role="status" data-testid="promising-saved">
            {t('promisingIdeas.mark.saved')}
          </span>
        )}
      </div>
      {form && (
        <MarkForm
          object={object}
          passage={form}
          onDone={(ok) => {
            setForm(null);
            setSaved(ok);
            if (ok) {
              setSelected(null);
              document.getSelection()?.removeAllRanges();
            }
          }}
        />
      )}
      {children}
    </div>
  );
};

const MarkForm = ({ object, passage, onDone }: { object: ObjectReply; passage: Passage; onDone: (saved: boolean) => void }) => {
  const { t } = useTranslation();
  const headingId = useId();
  const [colour, setColour] = useState<PromisingIdeaColour>('yellow');
  const [reason, setReason] = useState('');
  const mark = useMarkIdea(object.communityId, object._id);
  const settings = useCommunitySettings(object.communityId);
  const labelOf = (c: PromisingIdeaColour) => (c === 'none' ? '' : (settings.data?.data.colours[c]?.label ?? '').trim());
  const element = useRef<HTMLFormElement | null>(null);
  // The colour first: the form opens where the keyboard is.
  useEffect(() => element.current?.querySelector('select')?.focus(), []);
  return (
    <form
      ref={element}
      className={styles.form}
      aria-labelledby={headingId}
      data-testid="promising-form"
      onSubmit={(event) => {
        event.preventDefault();
        mark.mutate(
          { idea: passage.quote, start: passage.start, end: passage.end, color: colour, reason },
          { onSuccess: () => onDone(true) },
        );
      }}
    >
      <h3 id={headingId}>{t('promisingIdeas.mark.heading')}</h3>
      <p className={styles.quote}>
        <span className={styles.meta}>{t('promisingIdeas.mark.passage')} : </span>« {passage.quote} »
      </p>
      <IdeaColourAndReason
        name="promising"
        colourLabel={t('promisingIdeas.mark.colour')}
        reasonLabel={t('promisingIdeas.mark.reason')}
        colour={colour}
        reason={reason}
        labelOf={labelOf}
        onColour={setColour}
        onReason={setReason}
      />
      {mark.isError && (
        <p className={styles.error} role="alert">
          {serverMessage(mark.error) ?? t('promisingIdeas.mark.failed')}
        </p>
      )}
      <div className={styles.buttons}>
        <Button type="submit" disabled={mark.isPending} data-testid="promising-save">
          {t('promisingIdeas.mark.save')}
        </Button>
        <Button variant="ghost" onClick={() => onDone(false)} data-testid="promising-cancel">
          {t('promisingIdeas.mark.cancel')}
        </Button>
      </div>
    </form>
  );
};

/**
 * The promising-ideas tab of a note: its ideas (colour, reason, author) and
 * the way to the community's page. Shown with the plugin (ContributionPane).
 */
export const PromisingIdeasTab = ({ object, viewId }: { object: ObjectReply; viewId?: string | null }) => {
  const { t, i18n } = useTranslation();
  const list = useNoteIdeas(object.communityId, object._id, object.type === 'Note');
  const ideas = list.data?.ideas ?? [];
  const locale = i18n.language.replace('_', '-');
  const ids = viewId ? `${object.communityId}§§§${viewId}` : object.communityId;
  return (
    <section className={styles.list} data-testid="promising-tab">
      <h3>{t('promisingIdeas.mark.list')}</h3>
      {list.isError && <p className={styles.error}>{serverMessage(list.error) ?? t('promisingIdeas.loadFailed')}</p>}
      {list.data && ideas.length === 0 && <p className={styles.meta}>{t('promisingIdeas.mark.listEmpty')}</p>}
      {ideas.length > 0 && (
        <ul>
          {ideas.map((idea) => (
            <li key={idea._id} data-testid="promising-item">
              « {idea.idea} »
              <br />
              <span className={styles.meta}>
                {t(`promisingIdeas.colours.${idea.color}`)}
                {idea.colourLabel ? ` (${idea.colourLabel})` : ` ${t('promisingIdeas.unassigned')}`} ·{' '}
                {idea.reason || t('promisingIdeas.none')} · {t('promisingIdeas.mark.by', { author: idea.authorName })} ·{' '}
                {new Date(idea.created).toLocaleString(locale)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to={`/promisingideas/${encodeURIComponent(ids)}`} data-testid="promising-open-page">
        {t('promisingIdeas.mark.openPage')}
      </Link>
    </section>
  );
};
