import { Circle, Eye, EyeOff, Layers, Minus, MousePointer2, Pencil, Plus, Redo2, Square, Trash2, Type, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/Field.tsx';
import { createContribution } from '../api/objects.ts';
import { UploadBox } from '../attachments/UploadBox.tsx';
import { fileUrl, isImage } from '../attachments/resolve.ts';
import type { EditSession } from '../window/useEditSession.ts';
import { ConflictView } from '../editor/ConflictView.tsx';
import { DescriptionField } from '../description/DescriptionField.tsx';
import { clampPoint, drawingKeyAction, type DrawKeyAction } from './keyboard.ts';
import { createScene, type ItemInfo, type LayerInfo, type Scene, type TextEdit, type Tool } from './scene.ts';
import { TextInPlace } from './TextInPlace.tsx';
import styles from './Drawing.module.css';

const tools: { id: Tool; Icon: ComponentType<{ size?: number; 'aria-hidden'?: 'true' }> }[] = [
  { id: 'select', Icon: MousePointer2 },
  { id: 'pen', Icon: Pencil },
  { id: 'rectangle', Icon: Square },
  { id: 'ellipse', Icon: Circle },
  { id: 'line', Icon: Minus },
  { id: 'text', Icon: Type },
];

const asSvg = (content: unknown): string => (typeof content === 'string' ? content : '');

export type BackgroundChoice = { id: string; title: string; load: () => Promise<string> };

/** The Edit tab of a drawing (paper.js): tools, colours, undo/redo, layers; saved as SVG. */
export const DrawingEdit = ({
  session,
  backgrounds,
  communityId,
  initialBackground,
}: {
  session: EditSession;
  backgrounds: BackgroundChoice[];
  communityId: string;
  /** Draw on image (canvas menu): set once as the background layer when the editor opens. */
  initialBackground?: BackgroundChoice;
}) => {
  const { t } = useTranslation();
  // KF6 names layers "Layer N" in the stored SVG (fact sheet §1.3); people see them in their language (issue 21 §6).
  const layerName = (name: string) => {
    const number = /^Layer (\d+)$/.exec(name)?.[1];
    return number ? t('contribution.drawing.layerName', { number }) : name;
  };
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const scene = useRef<Scene | null>(null);
  const [tool, setTool] = useState<Tool>('pen');
  const [stroke, setStroke] = useState('#1d2520');
  const [fill, setFill] = useState('#7fb8a4');
  const [filled, setFilled] = useState(false);
  const [width, setWidth] = useState(2);
  const [layers, setLayers] = useState<LayerInfo[]>([]);
  const [history, setHistory] = useState({ undo: false, redo: false });
  const [size, setSize] = useState({ width: 200, height: 200 });
  /** The text being written in place, if any. */
  const [writing, setWriting] = useState<TextEdit | null>(null);
  // The keyboard (issue 25 §4, keyboard.ts): a cursor where Enter places shapes and texts, and what each step did.
  const [cursor, setCursor] = useState({ x: 100, y: 100 });
  const [canvasFocused, setCanvasFocused] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  /** A text started from the keyboard: once placed, focus goes back to the canvas and it is announced. */
  const writingFromKeys = useRef(false);
  const keysHintId = useId();
  const lastToken = useRef(session.replaced.token);
  const latest = useRef({ session });
  latest.current = { session };

  useEffect(() => {
    if (!canvas.current) return undefined;
    const refresh = () => {
      if (!scene.current) return;
      setLayers(scene.current.layers());
      setHistory({ undo: scene.current.canUndo(), redo: scene.current.canRedo() });
    };
    const created = createScene(canvas.current, (svg) => latest.current.session.setContent(svg), setWriting, refresh);
    scene.current = created;
    created.load(asSvg(latest.current.session.replaced.content));
    setSize(created.size());
    setCursor({ x: Math.round(created.size().width / 2), y: Math.round(created.size().height / 2) });
    refresh();
    if (initialBackground) {
      void initialBackground
        .load()
        .then((src) => created.setBackground(src, initialBackground.title))
        .then(() => scene.current === created && setSize(created.size()))
        .catch(() => undefined);
    }
    return () => {
      created.destroy();
      scene.current = null;
    };
  }, []);

  useEffect(() => {
    if (session.replaced.token === lastToken.current) return;
    lastToken.current = session.replaced.token;
    scene.current?.load(asSvg(session.replaced.content));
    if (scene.current) setSize(scene.current.size());
  }, [session.replaced]);

  useEffect(() => {
    scene.current?.setTool(tool);
  }, [tool]);

  /** A shape named for an announcement: its kind, and a text's words. */
  const what = (info: ItemInfo) =>
    info.kind === 'text' ? t('contribution.drawing.textWhat', { text: info.text }) : t(`contribution.drawing.kind.${info.kind}`);

  const toolHint = (next: Tool) =>
    next === 'select'
      ? t('contribution.drawing.announce.hintSelect')
      : next === 'pen'
        ? t('contribution.drawing.announce.penNeedsPointer')
        : next === 'text'
          ? t('contribution.drawing.announce.hintText')
          : t('contribution.drawing.announce.hintShape');

  /** Does one keyboard step on the scene; answers what to announce. */
  const runKey = (current: Scene, action: DrawKeyAction): string => {
    switch (action.kind) {
      case 'tool':
        setTool(action.tool);
        return `${t('contribution.drawing.announce.tool', { tool: t(`contribution.drawing.tool.${action.tool}`) })} ${toolHint(action.tool)}`;
      case 'move': {
        const direction = t(`contribution.drawing.direction.${action.direction}`);
        const moved = current.moveSelected(action.dx, action.dy);
        if (moved) {
          setCursor({ x: moved.x, y: moved.y });
          return t('contribution.drawing.announce.moved', { what: what(moved), direction, x: moved.x, y: moved.y });
        }
        const next = clampPoint({ x: cursor.x + action.dx, y: cursor.y + action.dy }, current.size());
        setCursor(next);
        return t('contribution.drawing.announce.cursor', { direction, x: next.x, y: next.y });
      }
      case 'place': {
        const placed = current.placeShape(action.shape, cursor);
        return t('contribution.drawing.announce.placed', { what: what(placed), x: placed.x, y: placed.y });
      }
      case 'write':
        writingFromKeys.current = true;
        current.startTextAt(cursor);
        return '';
      case 'penNeedsPointer':
        return t('contribution.drawing.announce.penNeedsPointer');
      case 'selectNext': {
        const picked = current.selectStep(action.by);
        if (!picked) return t('contribution.drawing.announce.nothing');
        setCursor({ x: picked.x, y: picked.y });
        return t('contribution.drawing.announce.selected', {
          what: what(picked),
          position: picked.position,
          count: picked.count,
          x: picked.x,
          y: picked.y,
        });
      }
      case 'scale': {
        const scaled = current.scaleSelected(action.factor);
        if (!scaled) return t('contribution.drawing.announce.noSelection');
        return action.factor > 1 ? t('contribution.drawing.announce.bigger') : t('contribution.drawing.announce.smaller');
      }
      case 'delete': {
        const deleted = current.deleteSelected();
        return deleted
          ? t('contribution.drawing.announce.deleted', { what: what(deleted) })
          : t('contribution.drawing.announce.noSelection');
      }
      case 'deselect':
        current.deselect();
        return t('contribution.drawing.announce.released');
      case 'undo':
        current.undo();
        return t('contribution.drawing.announce.undone');
      case 'redo':
        current.redo();
        return t('contribution.drawing.announce.redone');
    }
  };

  const onCanvasKey = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const current = scene.current;
    if (!current || writing) return;
    const action = drawingKeyAction(event, tool, current.selection() !== null);
    if (!action) return;
    event.preventDefault();
    // Escape lets go of the selection only: the window stays open.
    if (action.kind === 'deselect') event.stopPropagation();
    const said = runKey(current, action);
    if (said) setAnnouncement(said.charAt(0).toUpperCase() + said.slice(1));
  };

  /** A text written from the keyboard is placed (or dropped): back to the canvas, and say so. */
  const textEnded = (content: string | null) => {
    if (!writingFromKeys.current) return;
    writingFromKeys.current = false;
    const text = content?.replace(/\s+$/, '') ?? '';
    setAnnouncement(text ? t('contribution.drawing.announce.textPlaced', { text }) : t('contribution.drawing.announce.textDropped'));
    // Enter or Escape in the text: focus comes back to the canvas (not when the pupil tabbed away from the text).
    requestAnimationFrame(() => {
      if (document.activeElement === document.body || document.activeElement === null) canvas.current?.focus();
    });
  };

  const applyStyle = (next: { stroke?: string; fill?: string; filled?: boolean; width?: number }) => {
    const s = { stroke: next.stroke ?? stroke, fill: (next.filled ?? filled) ? (next.fill ?? fill) : null, width: next.width ?? width };
    scene.current?.setStyle(s);
  };

  return (
    <div className={styles.drawingEdit}>
      <TextField
        label={t('contribution.fields.title')}
        name="contribution-title"
        value={session.title}
        onChange={(event) => session.setTitle(event.target.value)}
        error={session.titleMissing ? t('contribution.messages.title_required') : undefined}
        required
        data-testid="title-input"
      />
      <div className={styles.workspace}>
        <div className={styles.rail} role="toolbar" aria-label={t('contribution.drawing.tools')}>
          {tools.map(({ id, Icon }) => (
            <button
              key={id}
              type="button"
              className={`${styles.tool} ${tool === id ? styles.toolOn : ''}`}
              aria-label={t(`contribution.drawing.tool.${id}`)}
              title={t(`contribution.drawing.tool.${id}`)}
              aria-pressed={tool === id}
              data-testid={`draw-${id}`}
              onClick={() => setTool(id)}
            >
              <Icon size={18} aria-hidden="true" />
            </button>
          ))}
          <span className={styles.separator} aria-hidden="true" />
          <button
            type="button"
            className={styles.tool}
            aria-label={t('contribution.toolbar.undo')}
            title={t('contribution.toolbar.undo')}
            disabled={!history.undo}
            onClick={() => scene.current?.undo()}
            data-testid="draw-undo"
          >
            <Undo2 size={18} aria-hidden="true" />
          </button>
          <button
            type="button"
            className={styles.tool}
            aria-label={t('contribution.toolbar.redo')}
            title={t('contribution.toolbar.redo')}
            disabled={!history.redo}
            onClick={() => scene.current?.redo()}
            data-testid="draw-redo"
          >
            <Redo2 size={18} aria-hidden="true" />
          </button>
          <button
            type="button"
            className={styles.tool}
            aria-label={t('contribution.drawing.delete')}
            title={t('contribution.drawing.delete')}
            onClick={() => {
              const deleted = scene.current?.deleteSelected();
              if (deleted) setAnnouncement(t('contribution.drawing.announce.deleted', { what: what(deleted) }));
            }}
            data-testid="draw-delete"
          >
            <Trash2 size={18} aria-hidden="true" />
          </button>
        </div>
        <div className={styles.canvasFrame}>
          {/* The canvas and the text written over it share one origin. */}
          <div className={styles.canvasHolder}>
            <canvas
              ref={canvas}
              className={`${styles.canvas} ${tool === 'text' ? styles.textCursor : ''}`}
              width={size.width}
              height={size.height}
              data-testid="drawing-canvas"
              aria-label={t('contribution.drawing.canvas')}
              aria-describedby={keysHintId}
              // Its keys are its own (arrows, Enter, digits): a screen reader passes them on.
              role="application"
              tabIndex={0}
              onKeyDown={onCanvasKey}
              // A click also moves the keyboard cross there: Enter then places where the pupil pointed.
              onPointerDown={(event) => setCursor({ x: Math.round(event.nativeEvent.offsetX), y: Math.round(event.nativeEvent.offsetY) })}
              onFocus={() => setCanvasFocused(true)}
              onBlur={() => setCanvasFocused(false)}
            />
            {/* The keyboard cursor: where Enter places a shape or a text. */}
            {canvasFocused && (
              <span
                className={styles.keyCursor}
                style={{ left: cursor.x, top: cursor.y }}
                aria-hidden="true"
                data-testid="draw-cursor"
                data-x={cursor.x}
                data-y={cursor.y}
              />
            )}
            {writing && (
              <TextInPlace
                // A new editor for each text: its value starts from that text.
                key={`${writing.x},${writing.y}`}
                edit={writing}
                onCommit={(content) => {
                  scene.current?.commitText(content);
                  textEnded(content);
                }}
                onCancel={() => {
                  scene.current?.cancelText();
                  textEnded(null);
                }}
              />
            )}
          </div>
          <p id={keysHintId} className={styles.keysHint} data-testid="draw-keys">
            {t('contribution.drawing.keysHint')}
          </p>
          <p className="visually-hidden" role="status" data-testid="drawing-announcement">
            {announcement}
          </p>
        </div>
        <div className={styles.side}>
          <fieldset className={styles.group}>
            <legend>{t('contribution.drawing.colours')}</legend>
            <label className={styles.colour}>
              <input
                type="color"
                value={stroke}
                onChange={(e) => {
                  setStroke(e.target.value);
                  applyStyle({ stroke: e.target.value });
                }}
                data-testid="draw-stroke"
              />
              {t('contribution.drawing.stroke')}
            </label>
            <label className={styles.colour}>
              <input
                type="color"
                value={fill}
                onChange={(e) => {
                  setFill(e.target.value);
                  setFilled(true);
                  applyStyle({ fill: e.target.value, filled: true });
                }}
                data-testid="draw-fill"
              />
              {t('contribution.drawing.fill')}
            </label>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={filled}
                onChange={(e) => {
                  setFilled(e.target.checked);
                  applyStyle({ filled: e.target.checked });
                }}
                data-testid="draw-filled"
              />
              {t('contribution.drawing.filled')}
            </label>
            <label className={styles.check}>
              {t('contribution.drawing.width')}
              <select
                value={width}
                onChange={(e) => {
                  const w = Number(e.target.value);
                  setWidth(w);
                  applyStyle({ width: w });
                }}
              >
                {[1, 2, 4, 8].map((w) => (
                  <option key={w} value={w}>{`${w} px`}</option>
                ))}
              </select>
            </label>
          </fieldset>
          <fieldset className={styles.group} data-testid="layers">
            <legend>
              <Layers size={16} aria-hidden="true" /> {t('contribution.drawing.layers')}
            </legend>
            <ul className={styles.layers}>
              {[...layers].reverse().map((layer) => (
                <li key={layer.index} className={layer.active ? styles.layerOn : ''}>
                  <label className={styles.check}>
                    <input
                      type="radio"
                      name="active-layer"
                      checked={layer.active}
                      onChange={() => scene.current?.activateLayer(layer.index)}
                    />
                    {layerName(layer.name)}
                  </label>
                  <button
                    type="button"
                    className={styles.tool}
                    aria-label={
                      layer.visible
                        ? t('contribution.drawing.hideLayer', { name: layerName(layer.name) })
                        : t('contribution.drawing.showLayer', { name: layerName(layer.name) })
                    }
                    onClick={() => scene.current?.toggleLayer(layer.index)}
                  >
                    {layer.visible ? <Eye size={16} aria-hidden="true" /> : <EyeOff size={16} aria-hidden="true" />}
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="button"
              className={styles.addLayer}
              onClick={() => scene.current?.addLayer(t('contribution.drawing.layerName', { number: layers.length + 1 }))}
              data-testid="draw-add-layer"
            >
              <Plus size={16} aria-hidden="true" /> {t('contribution.drawing.addLayer')}
            </button>
          </fieldset>
          <fieldset className={styles.group} data-testid="draw-on-image">
            <legend>{t('contribution.drawing.drawOnImage')}</legend>
            <UploadBox
              communityId={communityId}
              label={t('contribution.drawing.backgroundUpload')}
              accept="image/png,image/jpeg,image/gif,image/webp"
              prepare={async (file) =>
                (await createContribution(communityId, { type: 'Attachment', title: file.name.slice(0, 200) })).contribution._id
              }
              onUploaded={(reply) => {
                const current = scene.current;
                if (!current || !isImage(reply.mime)) return;
                void fileUrl(reply.url)
                  .then((src) => current.setBackground(src, t('contribution.drawing.background')))
                  .then(() => setSize(current.size()));
              }}
            />
            {backgrounds.length > 0 && (
              <select
                aria-label={t('contribution.drawing.drawOnImage')}
                defaultValue=""
                onChange={(e) => {
                  const choice = backgrounds.find((b) => b.id === e.target.value);
                  if (!choice || !scene.current) return;
                  const current = scene.current;
                  void choice
                    .load()
                    .then((src) => current.setBackground(src, t('contribution.drawing.background')))
                    .then(() => setSize(current.size()));
                }}
              >
                <option value="">—</option>
                {backgrounds.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.title}
                  </option>
                ))}
              </select>
            )}
          </fieldset>
        </div>
      </div>
      <ConflictView session={session} />
      {/* After the drawing: describing it comes once there is something to describe, and the canvas stays in sight. */}
      <DescriptionField value={session.description} onChange={session.setDescription} name="drawing-description" />
    </div>
  );
};
