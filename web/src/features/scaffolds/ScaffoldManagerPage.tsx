import { ArrowDown, ArrowUp, Check, ExternalLink, Pencil, Plus, Save, Settings, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ScaffoldManagerReply } from '../../../../contracts/api/scaffolds.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { Page } from '../../components/Page.tsx';
import { serverMessage } from '../../components/serverMessage.ts';
import { api } from '../../lib/api.ts';
import { useScaffoldChange, useScaffoldManager, type ScaffoldChange } from './api.ts';
import { moved, sameOrder, savedIndicatorMs } from './model.ts';
import styles from './ScaffoldManager.module.css';

type ScaffoldItem = ScaffoldManagerReply['scaffolds'][number];

/**
 * `/scaffoldmanager/{communityId}` (issue 13 §5, spec part 2 §2, §4, §5):
 * the registered scaffolds; managers add by title, delete, reorder and save
 * the order (a 'saved' indicator for 2 s), edit a scaffold (its contribution,
 * in a new tab), open the root context and the settings, and edit each
 * scaffold's supports. Pupils read the list. The server checks every change.
 */
export const ScaffoldManagerPage = () => {
  const { t } = useTranslation();
  const { communityId = '' } = useParams();
  const title = useQuery({
    queryKey: ['communities', communityId, 'title'] as const,
    queryFn: () => api.request<{ title: string }>(`/api/communities/${encodeURIComponent(communityId)}/title`),
    enabled: Boolean(communityId),
  });
  const page = useScaffoldManager(communityId);
  const change = useScaffoldChange(communityId);
  const [order, setOrder] = useState<string[] | null>(null);
  const [newTitle, setNewTitle] = useState('');
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const savedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (savedTimer.current && clearTimeout(savedTimer.current)), []);

  const reply = page.data;
  const serverOrder = reply?.scaffolds.map((s) => s._id) ?? [];
  const shown = order ?? serverOrder;
  const byId = new Map((reply?.scaffolds ?? []).map((s) => [s._id, s]));
  const scaffolds = shown.flatMap((id) => (byId.has(id) ? [byId.get(id) as ScaffoldItem] : []));
  const dirty = order !== null && !sameOrder(order, serverOrder);
  const mayManage = reply?.mayManage ?? false;

  const run = async (what: ScaffoldChange): Promise<boolean> => {
    setError(null);
    try {
      await change.mutateAsync(what);
      return true;
    } catch (failure) {
      setError(serverMessage(failure) ?? t('common.genericError'));
      return false;
    }
  };

  const showSaved = () => {
    setSaved(true);
    if (savedTimer.current) clearTimeout(savedTimer.current);
    savedTimer.current = setTimeout(() => setSaved(false), savedIndicatorMs);
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const value = newTitle.trim();
    // An empty title is ignored (spec part 2 §5).
    if (!value) return;
    if (await run({ kind: 'addScaffold', title: value })) {
      setNewTitle('');
      setOrder(null);
    }
  };

  const saveOrder = async () => {
    if (!order) return;
    if (await run({ kind: 'orderScaffolds', scaffoldIds: order })) {
      setOrder(null);
      showSaved();
    }
  };

  const remove = async (scaffold: ScaffoldItem) => {
    if (!window.confirm(t('scaffolds.manager.confirmDelete', { title: scaffold.title }))) return;
    if (await run({ kind: 'deleteScaffold', scaffoldId: scaffold._id })) setOrder(null);
  };

  const pageTitle = title.data ? t('scaffolds.manager.pageTitle', { community: title.data.title }) : t('scaffolds.manager.title');

  return (
    <Page title={pageTitle}>
      <p className={styles.links}>
        <Link to={`/communitytop/${communityId}`}>{t('scaffolds.manager.back')}</Link>
        <Link to={`/scaffoldsupporttracker/${communityId}`} data-testid="open-tracker">
          {t('scaffolds.manager.tracker')}
        </Link>
      </p>
      {page.isError ? (
        <Alert tone="error" testId="scaffolds-error">
          {serverMessage(page.error) ?? t('common.genericError')}
        </Alert>
      ) : !reply ? (
        <p>{t('scaffolds.manager.loading')}</p>
      ) : (
        <>
          <p className={styles.intro}>{t('scaffolds.manager.intro')}</p>
          <div className={styles.toolbar}>
            {mayManage && (
              <Link to={`/communitysettings/${communityId}`} className={styles.linkButton} data-testid="scaffolds-settings">
                <Settings size={16} aria-hidden="true" /> {t('scaffolds.manager.settings')}
              </Link>
            )}
            <a
              href={`/contribution/${reply.rootContextId}`}
              target="_blank"
              rel="noopener"
              className={styles.linkButton}
              data-testid="scaffolds-root"
            >
              <ExternalLink size={16} aria-hidden="true" /> {t('scaffolds.manager.rootContext')}
            </a>
          </div>
          {!mayManage && <p className={styles.muted}>{t('scaffolds.manager.readOnly')}</p>}
          {error && (
            <Alert tone="error" testId="scaffolds-message">
              {error}
            </Alert>
          )}
          {mayManage && (
            <form className={styles.addForm} onSubmit={(e) => void add(e)} data-testid="scaffold-add-form">
              <TextField
                name="scaffold-title"
                label={t('scaffolds.manager.newScaffold')}
                value={newTitle}
                onChange={(e) => setNewTitle(e.target.value)}
                autoComplete="off"
                data-testid="scaffold-title"
              />
              <Button type="submit" disabled={change.isPending} data-testid="scaffold-add">
                <Plus size={16} aria-hidden="true" /> {t('scaffolds.manager.add')}
              </Button>
            </form>
          )}
          {scaffolds.length === 0 ? (
            <p className={styles.muted}>{t('scaffolds.manager.empty')}</p>
          ) : (
            <ol className={styles.list} data-testid="scaffold-list">
              {scaffolds.map((scaffold, index) => (
                <ScaffoldRow
                  key={scaffold._id}
                  scaffold={scaffold}
                  mayManage={mayManage}
                  first={index === 0}
                  last={index === scaffolds.length - 1}
                  onMove={(by) => setOrder(moved(shown, index, by))}
                  onDelete={() => void remove(scaffold)}
                  run={run}
                  busy={change.isPending}
                />
              ))}
            </ol>
          )}
          {mayManage && (
            <div className={styles.saveRow}>
              <Button onClick={() => void saveOrder()} disabled={!dirty || change.isPending} data-testid="scaffold-save-order">
                <Save size={16} aria-hidden="true" /> {t('scaffolds.manager.saveOrder')}
              </Button>
              {dirty && <span className={styles.muted}>{t('scaffolds.manager.orderChanged')}</span>}
              <span role="status" aria-live="polite" className={styles.saved} data-testid="scaffold-saved">
                {saved && (
                  <>
                    <Check size={16} aria-hidden="true" /> {t('scaffolds.manager.saved')}
                  </>
                )}
              </span>
            </div>
          )}
        </>
      )}
    </Page>
  );
};

const ScaffoldRow = ({
  scaffold,
  mayManage,
  first,
  last,
  onMove,
  onDelete,
  run,
  busy,
}: {
  scaffold: ScaffoldItem;
  mayManage: boolean;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  run: (change: ScaffoldChange) => Promise<boolean>;
  busy: boolean;
}) => {
  const { t } = useTranslation();
  const { title } = scaffold;
  return (
    <li className={styles.item} data-testid="scaffold-item" data-id={scaffold._id}>
      <div className={styles.itemHead}>
        <span className={styles.itemTitle} data-testid="scaffold-item-title">
          {title}
        </span>
        {scaffold.used && (
          <span className={styles.badge} title={t('scaffolds.manager.usedHint')}>
            {t('scaffolds.manager.used')}
          </span>
        )}
        <span className={styles.muted}>{t('scaffolds.manager.supportCount', { count: scaffold.supports.length })}</span>
        <span className={styles.actions}>
          {mayManage && (
            <>
              <Button
                variant="ghost"
                aria-label={t('scaffolds.manager.moveUp', { title })}
                disabled={first}
                onClick={() => onMove(-1)}
                data-testid="scaffold-up"
              >
                <ArrowUp size={16} aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                aria-label={t('scaffolds.manager.moveDown', { title })}
                disabled={last}
                onClick={() => onMove(1)}
                data-testid="scaffold-down"
              >
                <ArrowDown size={16} aria-hidden="true" />
              </Button>
            </>
          )}
          <a
            href={`/contribution/${scaffold._id}`}
            target="_blank"
            rel="noopener"
            className={styles.linkButton}
            aria-label={t('scaffolds.manager.edit', { title })}
          >
            <Pencil size={16} aria-hidden="true" /> {t('scaffolds.manager.editShort')}
          </a>
          {mayManage && (
            <Button
              variant="ghost"
              aria-label={t('scaffolds.manager.delete', { title })}
              onClick={onDelete}
              disabled={busy}
              data-testid="scaffold-delete"
            >
              <Trash2 size={16} aria-hidden="true" /> {t('scaffolds.manager.deleteShort')}
            </Button>
          )}
        </span>
      </div>
      <details className={styles.supports}>
        <summary>{t('scaffolds.manager.supports', { title })}</summary>
        <Supports scaffold={scaffold} mayManage={mayManage} run={run} busy={busy} />
      </details>
    </li>
  );
};

const Supports = ({
  scaffold,
  mayManage,
  run,
  busy,
}: {
  scaffold: ScaffoldItem;
  mayManage: boolean;
  run: (change: ScaffoldChange) => Promise<boolean>;
  busy: boolean;
}) => {
  const { t } = useTranslation();
  const [order, setOrder] = useState<string[] | null>(null);
  const [newTitle, setNewTitle] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const serverOrder = scaffold.supports.map((s) => s._id);
  const shown = order ?? serverOrder;
  const byId = new Map(scaffold.supports.map((s) => [s._id, s]));
  const supports = shown.flatMap((id) => {
    const support = byId.get(id);
    return support ? [support] : [];
  });
  const dirty = order !== null && !sameOrder(order, serverOrder);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), savedIndicatorMs);
    return () => clearTimeout(timer);
  }, [saved]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const value = newTitle.trim();
    if (!value) return;
    if (await run({ kind: 'addSupport', scaffoldId: scaffold._id, title: value })) {
      setNewTitle('');
      setOrder(null);
    }
  };
  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (!renaming) return;
    const value = renaming.title.trim();
    if (!value) return;
    if (await run({ kind: 'renameSupport', scaffoldId: scaffold._id, supportId: renaming.id, title: value })) setRenaming(null);
  };

  return (
    <div data-testid="support-panel">
      {supports.length === 0 && <p className={styles.muted}>{t('scaffolds.manager.noSupports')}</p>}
      <ol className={styles.supportList}>
        {supports.map((support, index) => (
          <li key={support._id} className={styles.supportItem} data-testid="support-item">
            {renaming?.id === support._id ? (
              <form onSubmit={(e) => void rename(e)} className={styles.inlineForm}>
                <TextField
                  name={`rename-${support._id}`}
                  label={t('scaffolds.manager.renameLabel', { title: support.title })}
                  value={renaming.title}
                  onChange={(e) => setRenaming({ id: support._id, title: e.target.value })}
                  autoComplete="off"
                  data-testid="support-rename-input"
                />
                <Button type="submit" disabled={busy} data-testid="support-rename-save">
                  {t('scaffolds.manager.saveTitle')}
                </Button>
                <Button variant="ghost" onClick={() => setRenaming(null)}>
                  {t('scaffolds.manager.cancel')}
                </Button>
              </form>
            ) : (
              <>
                <span className={styles.supportTitle} data-testid="support-title">
                  {support.title}
                </span>
                {mayManage && (
                  <span className={styles.actions}>
                    <Button
                      variant="ghost"
                      aria-label={t('scaffolds.manager.moveUp', { title: support.title })}
                      disabled={index === 0}
                      onClick={() => setOrder(moved(shown, index, -1))}
                    >
                      <ArrowUp size={16} aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={t('scaffolds.manager.moveDown', { title: support.title })}
                      disabled={index === supports.length - 1}
                      onClick={() => setOrder(moved(shown, index, 1))}
                      data-testid="support-down"
                    >
                      <ArrowDown size={16} aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={t('scaffolds.manager.rename', { title: support.title })}
                      onClick={() => setRenaming({ id: support._id, title: support.title })}
                      data-testid="support-rename"
                    >
                      <Pencil size={16} aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={t('scaffolds.manager.delete', { title: support.title })}
                      disabled={busy}
                      onClick={() => {
                        if (window.confirm(t('scaffolds.manager.confirmDeleteSupport', { title: support.title }))) {
                          void run({ kind: 'removeSupport', scaffoldId: scaffold._id, supportId: support._id }).then(
                            (ok) => ok && setOrder(null),
                          );
                        }
                      }}
                      data-testid="support-delete"
                    >
                      <Trash2 size={16} aria-hidden="true" />
                    </Button>
                  </span>
                )}
              </>
            )}
          </li>
        ))}
      </ol>
      {mayManage && (
        <>
          <div className={styles.saveRow}>
            <Button
              variant="secondary"
              disabled={!dirty || busy}
              onClick={() =>
                void run({ kind: 'orderSupports', scaffoldId: scaffold._id, supportIds: shown }).then((ok) => {
                  if (ok) {
                    setOrder(null);
                    setSaved(true);
                  }
                })
              }
              data-testid="support-save-order"
            >
              <Save size={16} aria-hidden="true" /> {t('scaffolds.manager.saveOrder')}
            </Button>
            <span role="status" aria-live="polite" className={styles.saved}>
              {saved && (
                <>
                  <Check size={16} aria-hidden="true" /> {t('scaffolds.manager.saved')}
                </>
              )}
            </span>
          </div>
          <form className={styles.addForm} onSubmit={(e) => void add(e)}>
            <TextField
              name={`support-title-${scaffold._id}`}
              label={t('scaffolds.manager.newSupport')}
              value={newTitle}
              onChange={(e) => setNewTitle(e.target.value)}
              autoComplete="off"
              data-testid="support-title-input"
            />
            <Button type="submit" variant="secondary" disabled={busy} data-testid="support-add">
              <Plus size={16} aria-hidden="true" /> {t('scaffolds.manager.addSupport')}
            </Button>
          </form>
        </>
      )}
    </div>
  );
};
