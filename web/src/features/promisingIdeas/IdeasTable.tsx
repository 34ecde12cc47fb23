import { Pencil, Trash2 } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PromisingIdea } from '../../../../contracts/api/promisingIdeas.ts';
import { collapsedIdea, type PromisingIdeaColour } from '../../../../contracts/promisingIdeas.ts';
import { Button } from '../../components/Button.tsx';
import { setContributionDragData } from '../../lib/dragData.ts';
import { EditIdeaForm } from './EditIdeaForm.tsx';
import { colourText, reasonText, type IdeaTexts } from './model.ts';
import { Swatch } from './swatch.tsx';
import styles from './PromisingIdeas.module.css';

/**
 * The table of promising ideas (spec part 2 §2): note, idea, reason, colour,
 * author, date — and, with "show overlap", the hit count and which ideas hold
 * or are held. Each row can be chosen (for a PI Pool note or the CSV) and
 * dragged onto a view canvas (its note is placed there). Its author or a
 * manager may edit (reason and colour) or delete it.
 */
export const IdeasTable = ({
  ideas,
  texts,
  selected,
  onSelect,
  showOverlap,
  onDelete,
  deleting,
  labelOf,
  onEdited,
}: {
  ideas: readonly PromisingIdea[];
  texts: IdeaTexts;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  showOverlap: boolean;
  onDelete: (idea: PromisingIdea) => void;
  deleting: boolean;
  /** The community's label of a colour ('' when unassigned). */
  labelOf: (colour: PromisingIdeaColour) => string;
  onEdited: (idea: PromisingIdea) => void;
}) => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const columns = 8 + (showOverlap ? 1 : 0);
  const allChosen = ideas.length > 0 && ideas.every((idea) => selected.has(idea._id));
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="pi-table">
        <caption>{t('promisingIdeas.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label={t('promisingIdeas.selectAll')}
                checked={allChosen}
                onChange={(event) =>
                  onSelect(
                    ideas.map((idea) => idea._id),
                    event.target.checked,
                  )
                }
                data-testid="pi-select-all"
              />
            </th>
            <th scope="col">{texts.columns.note}</th>
            <th scope="col">{texts.columns.idea}</th>
            <th scope="col">{texts.columns.reason}</th>
            <th scope="col">{texts.columns.colour}</th>
            <th scope="col">{texts.columns.author}</th>
            <th scope="col">{texts.columns.date}</th>
            {showOverlap && <th scope="col">{texts.columns.hits}</th>}
            <th scope="col">{t('promisingIdeas.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {ideas.map((idea) => {
            const shown = collapsedIdea(idea.idea);
            return (
              <Fragment key={idea._id}>
                <tr
                  draggable
                  onDragStart={(event) =>
                    setContributionDragData(event.dataTransfer, { id: idea.noteId, communityId: idea.communityId, title: idea.noteTitle })
                  }
                  className={showOverlap && idea.overlapped ? styles.overlapped : undefined}
                  data-testid="pi-row"
                  data-idea-id={idea._id}
                  data-note-id={idea.noteId}
                >
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t('promisingIdeas.selectIdea', { idea: shown.slice(0, 60) })}
                      checked={selected.has(idea._id)}
                      onChange={(event) => onSelect([idea._id], event.target.checked)}
                      data-testid="pi-select"
                    />
                  </td>
                  <td>
                    <Link to={`/contribution/${encodeURIComponent(idea.noteId)}`} data-testid="pi-note">
                      {idea.noteTitle}
                    </Link>
                  </td>
                  <td className={styles.idea}>
                    <span data-testid="pi-idea">{shown}</span>
                    {!idea.contentExists && (
                      <span className={styles.warning} role="note" data-testid="pi-content-gone">
                        {t('promisingIdeas.contentGone')}
                      </span>
                    )}
                    {showOverlap && idea.overlapped && (
                      <span className={styles.badge} data-testid="pi-overlapped">
                        {t('promisingIdeas.overlapped')}
                      </span>
                    )}
                    {showOverlap && idea.overlaps.length > 0 && (
                      <span className={styles.badge} data-testid="pi-overlaps">
                        {t('promisingIdeas.overlaps', { count: idea.overlaps.length })}
                      </span>
                    )}
                  </td>
                  <td data-testid="pi-reason">{reasonText(idea.reason, texts)}</td>
                  <td data-testid="pi-colour">
                    <Swatch colour={idea.color} />
                    {colourText(idea, texts)}
                  </td>
                  <td data-testid="pi-author">{idea.authorName}</td>
                  <td data-testid="pi-date">{texts.formatDate(idea.modified)}</td>
                  {showOverlap && <td data-testid="pi-hits">{idea.hitCount}</td>}
                  <td>
                    {idea.editable && (
                      <Button
                        variant="ghost"
                        disabled={editing === idea._id}
                        onClick={() => setEditing(idea._id)}
                        aria-label={t('promisingIdeas.edit.button', { idea: shown.slice(0, 60) })}
                        data-testid="pi-edit"
                      >
                        <Pencil size={16} aria-hidden="true" />
                      </Button>
                    )}
                    {idea.editable && (
                      <Button
                        variant="ghost"
                        disabled={deleting}
                        onClick={() => onDelete(idea)}
                        aria-label={t('promisingIdeas.deleteIdea', { idea: shown.slice(0, 60) })}
                        data-testid="pi-delete"
                      >
                        <Trash2 size={16} aria-hidden="true" />
                      </Button>
                    )}
                  </td>
                </tr>
                {editing === idea._id && (
                  <tr data-testid="pi-edit-row">
                    <td colSpan={columns}>
                      <EditIdeaForm
                        idea={idea}
                        labelOf={labelOf}
                        onDone={(saved) => {
                          setEditing(null);
                          if (saved) onEdited(idea);
                        }}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
};
