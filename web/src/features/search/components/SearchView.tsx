import { ChevronLeft, ChevronRight, Download, ExternalLink, GripVertical, Search } from 'lucide-react';
import { usePersonNames } from '../../../lib/personNames.ts';
import { useMemo, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  contributionIdsDragType,
  type SearchPager,
  type SearchResult,
  type SearchType,
  type StudentSearchReply,
} from '../../../../../contracts/api/search.ts';
import { setContributionDragData } from '../../../lib/dragData.ts';
import { placeableTypes } from '../../../../../contracts/api/canvas.ts';
import { Button } from '../../../components/Button.tsx';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { TextField } from '../../../components/Field.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { useCommunityAuthors, useCommunityViews } from '../../../lib/community.ts';
import { allResults, searchContributions } from '../api/search.ts';
import { searchStudents } from '../api/more.ts';
import {
  buildQuery,
  defaultSearchType,
  emptyAdvanced,
  highlightParts,
  highlightWords,
  pageCount,
  pageSizes,
  extraCell,
  extraColumns,
  resultHref,
  resultsCsv,
  searchTypeOptions,
  selectorCap,
  statusAfter,
  type Advanced,
  type SearchStatus,
} from '../model.ts';
import { downloadText } from '../../../lib/download.ts';
import { CommentCell } from './CommentCell.tsx';
import { PlaceInView } from './PlaceInView.tsx';
import { StudentsResults } from './StudentsResults.tsx';
import styles from './Search.module.css';

const Highlighted = ({ text, words }: { text: string; words: readonly string[] }) => (
  <>
    {highlightParts(text, words).map((part, index) =>
      part.hit ? (
        <mark key={index} className={styles.mark}>
          {part.text}
        </mark>
      ) : (
        <span key={index}>{part.text}</span>
      ),
    )}
  </>
);

/** The search page's types: the contributions' (SearchType) and the members' ("students"). */
type PageType = SearchType | 'students';
const pageTypeOptions: readonly PageType[] = [...searchTypeOptions, 'students'];

/**
 * Puts the dragged result on the drag: the canvas places a ref to it (same tab or another one).
 * `application/x-buildon-contribution` (web/src/lib/dragData.ts) with the title as text, and the
 * list of ids the canvas's earlier drop target reads.
 */
const startDrag = (result: SearchResult, communityId: string) => (event: DragEvent) => {
  setContributionDragData(event.dataTransfer, { id: result._id, communityId, title: result.title });
  event.dataTransfer.setData(contributionIdsDragType, JSON.stringify([result._id]));
  event.dataTransfer.setData('text/uri-list', `${window.location.origin}${resultHref(result)}`);
  event.dataTransfer.effectAllowed = 'copy';
};

const formatDate = (iso: string, lang: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(lang, { dateStyle: 'short', timeStyle: 'short' });
};

/**
 * The search (spec part 2 §Search): type, query with tokens, advanced panel
 * (views, private notes, authors, dates, page size), paginated results with
 * highlight and CSV. `compact` is the panel beside a canvas (a list instead
 * of a table); every result can be dragged onto a view's canvas, or placed
 * in a view from the keyboard with its "Placer dans une perspective…" button.
 */
export const SearchView = ({ communityId, compact = false }: { communityId: string; compact?: boolean }) => {
  const { t, i18n } = useTranslation();
  const [searchType, setSearchType] = useState<PageType>(defaultSearchType);
  /** The "students" type's answer. */
  const [students, setStudents] = useState<StudentSearchReply | null>(null);
  /** The caller may edit the managers' comments (the server says so with each page). */
  const [canComment, setCanComment] = useState(false);
  const [text, setText] = useState('');
  const [advanced, setAdvanced] = useState<Advanced>(emptyAdvanced);
  const [status, setStatus] = useState<SearchStatus>('init');
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<SearchResult[]>([]);
  const [pager, setPager] = useState<SearchPager | null>(null);
  const [highlight, setHighlight] = useState(true);
  /** The detailed table (keywords, scaffolds, views, first build-on): asked of the server only when shown. */
  const [detailed, setDetailed] = useState(false);
  const [exporting, setExporting] = useState(false);
  /** What "place in view" last did, for the live region (issue 25 §1). */
  const [placed, setPlaced] = useState('');
  /** The query of the shown results (paging and CSV reuse it). */
  const shown = useRef<{ text: string; advanced: Advanced; searchType: SearchType } | null>(null);
  /** Results whose comment a manager saved, so that the table shows the saved text. */
  const [savedComments, setSavedComments] = useState<ReadonlyMap<string, string>>(new Map());
  const requestId = useRef(0);
  const authors = useCommunityAuthors(communityId);
  const names = usePersonNames(communityId);
  const views = useCommunityViews(communityId);

  const run = async (page: number, source = shown.current, withExtra = detailed) => {
    if (!source) return;
    const id = ++requestId.current;
    setStatus('searching');
    setError(null);
    try {
      const query = { ...buildQuery(source.text, source.advanced, page), ...(withExtra && !compact ? { extraInfo: true } : {}) };
      const reply = await searchContributions(communityId, query, source.searchType);
      if (id !== requestId.current) return;
      shown.current = source;
      setResults(reply.results);
      setSavedComments(new Map());
      setCanComment(reply.canComment === true);
      setPager(reply.pager);
      setStatus(statusAfter(reply.pager.total));
    } catch (failure) {
      if (id !== requestId.current) return;
      setResults([]);
      setPager(null);
      setStatus('error');
      setError(serverMessage(failure) ?? t('search.status.error'));
    }
  };

  const runStudents = async (words: string) => {
    const id = ++requestId.current;
    setStatus('searching');
    setError(null);
    try {
      const reply = await searchStudents(communityId, words);
      if (id !== requestId.current) return;
      setStudents(reply);
      setStatus(statusAfter(reply.total));
    } catch (failure) {
      if (id !== requestId.current) return;
      setStudents(null);
      setStatus('error');
      setError(serverMessage(failure) ?? t('search.status.error'));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (searchType === 'students') void runStudents(text);
    else void run(1, { text, advanced, searchType });
  };

  // Changing the search type resets the query (spec part 2 §4).
  const changeType = (value: PageType) => {
    requestId.current++;
    setSearchType(value);
    setStudents(null);
    setText('');
    setStatus('init');
    setResults([]);
    setPager(null);
    setError(null);
    shown.current = null;
  };

  const exportCsv = async () => {
    const source = shown.current;
    if (!source) return;
    setExporting(true);
    try {
      const all = await allResults(communityId, { ...buildQuery(source.text, source.advanced, 1), extraInfo: true }, source.searchType);
      // The byte-order mark makes spreadsheet programs read the CSV as UTF-8.
      downloadText(`search-${new Date().toISOString().slice(0, 10)}.csv`, `\uFEFF${resultsCsv(all)}`);
    } catch (failure) {
      setStatus('error');
      setError(serverMessage(failure) ?? t('search.status.error'));
    } finally {
      setExporting(false);
    }
  };

  const toggle = (list: string[], value: string, on: boolean) => (on ? [...new Set([...list, value])] : list.filter((v) => v !== value));
  const words = highlight && shown.current ? highlightWords(shown.current.text) : [];
  const pages = pager ? pageCount(pager.total, pager.pagesize) : 1;
  // Sorted once per fetched list, not on every keystroke in the query field.
  const authorList = useMemo(
    () =>
      (authors.data ?? [])
        .slice()
        .sort((a, b) => a.userName.localeCompare(b.userName))
        .slice(0, selectorCap),
    [authors.data],
  );
  const viewList = useMemo(() => (views.data ?? []).slice(0, selectorCap), [views.data]);
  const kind = (type: string) => {
    const known = ['Note', 'View', 'Annotation', 'Drawing', 'Attachment'] as const;
    const found = known.find((k) => k === type);
    return found ? t(`search.kinds.${found}`) : type;
  };

  return (
    <div className={`${styles.search} ${compact ? styles.compact : ''}`} data-testid="search" data-status={status}>
      <form role="search" aria-label={t('search.form')} className={styles.form} onSubmit={submit}>
        <div className={styles.mainRow}>
          <SelectField
            name="search-type"
            label={t('search.type')}
            value={searchType}
            onChange={(e) => changeType(e.target.value as PageType)}
            className={styles.typeField}
          >
            {pageTypeOptions.map((value) => (
              <option key={value} value={value}>
                {value === 'students' ? t('searchMore.types.students') : t(`search.types.${value}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            name="search-query"
            type="search"
            label={t('search.query')}
            hint={compact ? undefined : t('search.queryHint')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className={styles.queryField}
            autoComplete="off"
            data-testid="search-query"
          />
          <Button type="submit" className={styles.submit} data-testid="search-submit" disabled={status === 'searching'}>
            <Search size={16} aria-hidden="true" /> {t('search.submit')}
          </Button>
        </div>
        {/* The students type has its words only. */}
        <details className={styles.advanced} data-testid="search-advanced" hidden={searchType === 'students'}>
          <summary>{t('search.advanced')}</summary>
          <div className={styles.advancedGrid}>
            <fieldset className={styles.choices}>
              <legend>{t('search.views')}</legend>
              {viewList.length === 0 && <p className={styles.muted}>{t('search.noViews')}</p>}
              <div className={styles.choiceList}>
                {viewList.map((view) => (
                  <Checkbox
                    key={view._id}
                    label={view.title || t('search.untitled')}
                    checked={advanced.viewIds.includes(view._id)}
                    onChange={(e) => setAdvanced((a) => ({ ...a, viewIds: toggle(a.viewIds, view._id, e.target.checked) }))}
                  />
                ))}
              </div>
            </fieldset>
            <fieldset className={styles.choices}>
              <legend>{t('search.authors')}</legend>
              {authorList.length === 0 && <p className={styles.muted}>{t('search.noAuthors')}</p>}
              <div className={styles.choiceList}>
                {authorList.map((author) => (
                  <Checkbox
                    key={author._id}
                    label={names.choice(author)}
                    checked={advanced.authors.includes(author.userName)}
                    onChange={(e) => setAdvanced((a) => ({ ...a, authors: toggle(a.authors, author.userName, e.target.checked) }))}
                  />
                ))}
              </div>
            </fieldset>
            <div className={styles.advancedColumn}>
              <Checkbox
                label={t('search.privateMode')}
                checked={advanced.privateMode}
                onChange={(e) => setAdvanced((a) => ({ ...a, privateMode: e.target.checked }))}
                data-testid="search-private"
              />
              <TextField
                name="search-from"
                type="date"
                label={t('search.from')}
                value={advanced.from}
                onChange={(e) => setAdvanced((a) => ({ ...a, from: e.target.value }))}
              />
              <TextField
                name="search-to"
                type="date"
                label={t('search.to')}
                value={advanced.to}
                onChange={(e) => setAdvanced((a) => ({ ...a, to: e.target.value }))}
              />
              <SelectField
                name="search-pagesize"
                label={t('search.pageSize')}
                value={String(advanced.pagesize)}
                onChange={(e) => setAdvanced((a) => ({ ...a, pagesize: Number(e.target.value) }))}
              >
                {pageSizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </SelectField>
            </div>
          </div>
        </details>
      </form>

      <div className={styles.statusRow}>
        <p role="status" className={styles.status} data-testid="search-status">
          {status === 'noresult' ? (
            <span data-testid="no_contributions_found">{t('search.no_contributions_found')}</span>
          ) : status === 'error' ? (
            <span className={styles.error}>{error ?? t('search.status.error')}</span>
          ) : status === 'searched' ? (
            t('search.status.searched', { count: searchType === 'students' ? (students?.total ?? 0) : (pager?.total ?? 0) })
          ) : (
            t(`search.status.${status}`)
          )}
        </p>
        {status === 'searched' && searchType !== 'students' && (
          <div className={styles.tools}>
            <Checkbox
              label={t('search.highlight')}
              checked={highlight}
              onChange={(e) => setHighlight(e.target.checked)}
              data-testid="search-highlight"
            />
            {!compact && (
              <Checkbox
                label={t('search.detailed')}
                checked={detailed}
                onChange={(e) => {
                  setDetailed(e.target.checked);
                  if (pager) void run(pager.page, shown.current, e.target.checked);
                }}
                data-testid="search-detailed"
              />
            )}
            <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting} data-testid="search-csv">
              <Download size={16} aria-hidden="true" /> {t('search.csv')}
            </Button>
          </div>
        )}
      </div>

      {/* Always there, so that what a placing did is announced. */}
      <p role="status" className={styles.placeStatus} data-testid="search-place-status">
        {placed}
      </p>

      {status === 'searched' && searchType === 'students' && students && (
        <StudentsResults reply={students} pseudonymised={students.students.some((s) => !s.me && !/^[0-9a-f]{24}$/.test(s.key))} />
      )}

      {status === 'searched' && searchType !== 'students' && (
        <>
          <p className={styles.muted}>{t('search.dragHint')}</p>
          {compact ? (
            <ul className={styles.list} aria-label={t('search.results')} data-testid="search-results">
              {results.map((result) => (
                <li
                  key={result._id}
                  className={styles.item}
                  draggable={placeableTypes.has(result.type)}
                  onDragStart={startDrag(result, communityId)}
                  data-testid="search-result"
                  data-id={result._id}
                  title={
                    placeableTypes.has(result.type) ? t('search.dragLabel', { title: result.title || t('search.untitled') }) : undefined
                  }
                >
                  {placeableTypes.has(result.type) && <GripVertical size={16} aria-hidden="true" className={styles.grip} />}
                  <span className={styles.itemText}>
                    <Link to={resultHref(result)} target="_blank" className={styles.titleLink}>
                      <Highlighted text={result.title || t('search.untitled')} words={words} />
                    </Link>
                    <span className={styles.meta}>
                      {kind(result.type)} · {result.authorNames.join(', ')} · {formatDate(result.created, i18n.language)}
                      {result.permission === 'private' ? ` · ${t('search.private')}` : ''}
                    </span>
                    {placeableTypes.has(result.type) && <PlaceInView result={result} views={viewList} onPlaced={setPlaced} />}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="search-results">
                <caption className={styles.srOnly}>{t('search.results')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('search.columns.title')}</th>
                    <th scope="col">{t('search.columns.authors')}</th>
                    <th scope="col">{t('search.columns.date')}</th>
                    <th scope="col">{t('search.columns.type')}</th>
                    {detailed &&
                      extraColumns.map((column) => (
                        <th scope="col" key={column}>
                          {column === 'editors' || column === 'readers' ? t(`searchMore.columns.${column}`) : t(`search.columns.${column}`)}
                        </th>
                      ))}
                    <th scope="col">{t('searchMore.columns.comments')}</th>
                  </tr>
                </thead>
                <tbody>
                  {results.map((result) => (
                    <tr
                      key={result._id}
                      draggable={placeableTypes.has(result.type)}
                      onDragStart={startDrag(result, communityId)}
                      data-testid="search-result"
                      data-id={result._id}
                      className={styles.row}
                    >
                      <td>
                        <span className={styles.titleCell}>
                          {placeableTypes.has(result.type) && <GripVertical size={16} aria-hidden="true" className={styles.grip} />}
                          <span>
                            <Link to={resultHref(result)} className={styles.titleLink}>
                              <Highlighted text={result.title || t('search.untitled')} words={words} />
                            </Link>
                            {result.permission === 'private' && <span className={styles.badge}>{t('search.private')}</span>}
                            {result.byMe && <span className={styles.badge}>{t('search.byMe')}</span>}
                            {result.snippet && result.snippet.length > 0 ? (
                              // The server's snippet from the index: text parts, matched words marked (never markup).
                              <span className={styles.excerpt} data-testid="search-snippet">
                                {result.snippet.map((part, index) =>
                                  part.hit && highlight ? (
                                    <mark key={index} className={styles.mark}>
                                      {part.text}
                                    </mark>
                                  ) : (
                                    <span key={index}>{part.text}</span>
                                  ),
                                )}
                              </span>
                            ) : (
                              result.excerpt && (
                                <span className={styles.excerpt}>
                                  <Highlighted text={result.excerpt} words={words} />
                                </span>
                              )
                            )}
                            {placeableTypes.has(result.type) && <PlaceInView result={result} views={viewList} onPlaced={setPlaced} />}
                          </span>
                        </span>
                      </td>
                      <td>{result.authorNames.join(', ')}</td>
                      <td>
                        <time dateTime={result.created}>{formatDate(result.created, i18n.language)}</time>
                      </td>
                      <td>{kind(result.type)}</td>
                      {detailed && extraColumns.map((column) => <td key={column}>{extraCell(result, column)}</td>)}
                      <td>
                        <CommentCell
                          communityId={communityId}
                          result={{ ...result, comments: savedComments.get(result._id) ?? result.comments ?? '' }}
                          editable={canComment}
                          onSaved={(id, comments, message) => {
                            setSavedComments((map) => new Map(map).set(id, comments));
                            setPlaced(message);
                          }}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pager && pages > 1 && (
            <nav className={styles.pager} aria-label={t('search.pagination')} data-testid="search-pager">
              <Button variant="ghost" onClick={() => void run(pager.page - 1)} disabled={pager.page <= 1} aria-label={t('search.previous')}>
                <ChevronLeft size={18} aria-hidden="true" />
              </Button>
              <span>{t('search.page', { page: pager.page, pages })}</span>
              <Button
                variant="ghost"
                onClick={() => void run(pager.page + 1)}
                disabled={pager.page >= pages}
                aria-label={t('search.next')}
                data-testid="search-next"
              >
                <ChevronRight size={18} aria-hidden="true" />
              </Button>
            </nav>
          )}
        </>
      )}
      {compact && (
        <p className={styles.openPage}>
          <a href={`/search/${communityId}`} target="_blank" rel="noreferrer" data-testid="search-open-tab">
            <ExternalLink size={14} aria-hidden="true" /> {t('search.openInTab')}
          </a>
        </p>
      )}
    </div>
  );
};
