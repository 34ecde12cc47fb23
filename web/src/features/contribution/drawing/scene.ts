import paperCore from 'paper/dist/paper-core';
import { nextIndex, placedBox, type ShapeKind } from './keyboard.ts';
import { emptyDrawingSvg } from './svg.ts';

/**
 * The paper.js side of the drawing editor, kept out of React. Colours are
 * always `Color` objects: bundled (strict-mode) paper.js throws when a colour
 * property whose previous value is a plain string is assigned.
 */
export type { Tool } from './keyboard.ts';
import type { Tool } from './keyboard.ts';

export type Style = { stroke: string; fill: string | null; width: number };

export type LayerInfo = { index: number; name: string; visible: boolean; active: boolean };

/**
 * A text being written in place (issue 21 §12): where its first line's
 * baseline starts on the canvas (CSS px), and how it will look. The editor
 * over the canvas ends it with scene.commitText or scene.cancelText.
 */
export type TextEdit = { x: number; y: number; fontSize: number; fontFamily: string; colour: string; content: string };

/** What a shape is, for announcing it (issue 25 §4): its kind, a text's words, its centre on the canvas. */
export type ItemKind = 'rectangle' | 'ellipse' | 'line' | 'path' | 'text' | 'image' | 'group';
export type ItemInfo = { kind: ItemKind; text: string; x: number; y: number };
/** A shape chosen from the keyboard: which of how many (1-based). */
export type PickedItem = ItemInfo & { position: number; count: number };

/** The look of a new text: the text tool writes in the stroke colour. */
const textFont = { fontSize: 16, fontFamily: 'sans-serif' } as const;

export type Scene = {
  load: (svg: string) => void;
  svg: () => string;
  setTool: (tool: Tool) => void;
  setStyle: (style: Style) => void;
  undo: () => void;
  redo: () => void;
  canUndo: () => boolean;
  canRedo: () => boolean;
  /** Deletes the selected shapes; answers the first one deleted (null: nothing was selected). */
  deleteSelected: () => ItemInfo | null;
  layers: () => LayerInfo[];
  addLayer: (name: string) => void;
  activateLayer: (index: number) => void;
  toggleLayer: (index: number) => void;
  setBackground: (src: string, name: string) => Promise<void>;
  size: () => { width: number; height: number };
  resize: (width: number, height: number) => void;
  /** Ends the text being written: a new text is placed, an existing one takes the content (and goes when emptied). */
  commitText: (content: string) => void;
  /** Drops the text being written; an existing text comes back unchanged. */
  cancelText: () => void;
  // ---- the keyboard (issue 25 §4, keyboard.ts) ----
  /** The selected shape (the first, when several are), if any. */
  selection: () => ItemInfo | null;
  /** Selects the next (or previous) shape of the visible, unlocked layers, going round; null when there is none. */
  selectStep: (by: 1 | -1) => PickedItem | null;
  deselect: () => void;
  /** Moves the selected shapes, their centres kept on the canvas; null when nothing is selected. */
  moveSelected: (dx: number, dy: number) => ItemInfo | null;
  /** Scales the selected shapes about their centres; null when nothing is selected. */
  scaleSelected: (factor: number) => ItemInfo | null;
  /** A shape of the current style centred on `at`, selected. */
  placeShape: (shape: ShapeKind, at: { x: number; y: number }) => ItemInfo;
  /** Writes a text at `at` (or edits the text there); once placed, it is selected. */
  startTextAt: (at: { x: number; y: number }) => void;
  destroy: () => void;
};

const sizeOf = (svg: string): { width: number; height: number } => {
  const width = Number(svg.match(/<svg[^>]*\swidth="(\d+(?:\.\d+)?)/)?.[1]);
  const height = Number(svg.match(/<svg[^>]*\sheight="(\d+(?:\.\d+)?)/)?.[1]);
  return {
    width: Number.isFinite(width) && width > 0 ? Math.min(width, 2000) : 200,
    height: Number.isFinite(height) && height > 0 ? Math.min(height, 2000) : 200,
  };
};

export const createScene = (
  canvas: HTMLCanvasElement,
  onChange: (svg: string) => void,
  /** A text is to be written in place (null: no longer). */
  onTextEdit: (edit: TextEdit | null) => void,
  onLayers: () => void,
): Scene => {
  const scope = new paperCore.PaperScope();
  scope.setup(canvas);
  let tool: Tool = 'pen';
  let style: Style = { stroke: '#1d2520', fill: null, width: 2 };
  let size = { width: 200, height: 200 };
  const past: string[] = [];
  const future: string[] = [];

  const apply = (item: paper.Item, closed: boolean) => {
    item.strokeColor = new scope.Color(style.stroke);
    item.strokeWidth = style.width;
    if (closed && style.fill) item.fillColor = new scope.Color(style.fill);
  };

  const exportSvg = (): string =>
    scope.project.exportSVG({ asString: true, bounds: new scope.Rectangle(0, 0, size.width, size.height) }) as string;

  const json = () => scope.project.exportJSON();
  let last = '';
  const changed = () => {
    const now = json();
    if (now === last) return;
    past.push(last);
    if (past.length > 100) past.shift();
    future.length = 0;
    last = now;
    onChange(exportSvg());
    onLayers();
  };
  const restore = (state: string) => {
    scope.project.clear();
    scope.project.importJSON(state);
    last = state;
    if (scope.project.layers.length === 0) new scope.Layer({ name: 'Layer 1' });
    onChange(exportSvg());
    onLayers();
  };

  const load = (svg: string) => {
    const source = svg || emptyDrawingSvg();
    size = sizeOf(source);
    scope.view.viewSize = new scope.Size(size.width, size.height);
    scope.project.clear();
    let imported: paper.Item | null = null;
    try {
      imported = scope.project.importSVG(source, { insert: false, expandShapes: false });
    } catch {
      imported = null;
    }
    const children = (imported?.children ?? []).filter((child) => !child.clipMask);
    const groups = children.filter((child) => child.className === 'Group');
    if (groups.length > 0 && groups.length === children.length) {
      groups.forEach((group, i) => {
        const layer = new scope.Layer({ name: group.name || `Layer ${i + 1}` });
        layer.addChildren(group.removeChildren().filter((c) => !c.clipMask));
        layer.visible = group.visible;
      });
    } else {
      const layer = new scope.Layer({ name: 'Layer 1' });
      layer.addChildren(children);
    }
    scope.project.layers[scope.project.layers.length - 1]?.activate();
    past.length = 0;
    future.length = 0;
    last = json();
    scope.view.update();
    onLayers();
  };

  // ---- text written in place ----
  /** The text being written: at a point (new) or an existing item, hidden meanwhile. */
  let writing: { point: paper.Point; item: paper.PointText | null } | null = null;

  /** The topmost text whose box (a little grown, for a finger) holds the point, on a visible, unlocked layer. */
  const textAt = (point: paper.Point): paper.PointText | null => {
    const texts = scope.project.getItems({ class: scope.PointText }) as paper.PointText[];
    for (let i = texts.length - 1; i >= 0; i--) {
      const text = texts[i] as paper.PointText;
      if (text.visible && !text.locked && text.layer?.visible !== false && !text.layer?.locked && text.bounds.expand(6).contains(point)) {
        return text;
      }
    }
    return null;
  };

  const startWriting = (point: paper.Point, item: paper.PointText | null) => {
    scope.project.deselectAll();
    writing = { point: item ? item.point : point, item };
    const at = scope.view.projectToView(writing.point);
    const colour = item?.fillColor ? item.fillColor.toCSS(true) : style.stroke;
    const fontSize = item ? Number(item.fontSize) || textFont.fontSize : textFont.fontSize;
    const fontFamily = item ? String(item.fontFamily || textFont.fontFamily) : textFont.fontFamily;
    if (item) item.visible = false;
    scope.view.update();
    onTextEdit({ x: at.x, y: at.y, fontSize, fontFamily, colour, content: item?.content ?? '' });
  };

  const endWriting = () => {
    const current = writing;
    writing = null;
    onTextEdit(null);
    return current;
  };

  /** A double-click on a text edits it in place, whatever the tool. */
  const onDoubleClick = (event: MouseEvent) => {
    if (writing) return;
    const rect = canvas.getBoundingClientRect();
    const item = textAt(scope.view.viewToProject(new scope.Point(event.clientX - rect.left, event.clientY - rect.top)));
    if (item) startWriting(item.point, item);
  };
  canvas.addEventListener('dblclick', onDoubleClick);

  // ---- the keyboard (issue 25 §4) ----
  /** A text written from the keyboard is selected once placed, so the arrows move it next. */
  let selectWritten = false;

  /** The shapes a pupil may pick, bottom to top: on visible, unlocked layers (not a background). */
  const pickable = (): paper.Item[] =>
    scope.project.layers
      .filter((layer) => layer.visible && !layer.locked)
      .flatMap((layer) => layer.children.filter((item) => item.visible && !item.locked && !item.clipMask));

  /** The top-level shapes selected (a selected segment selects its path). */
  const selectedTop = (): paper.Item[] => {
    const found = new Set<paper.Item>();
    for (const item of scope.project.selectedItems) {
      if (item.className === 'Layer') continue;
      let top = item;
      while (top.parent && top.parent.className !== 'Layer') top = top.parent;
      found.add(top);
    }
    return [...found];
  };

  const kindOf = (item: paper.Item): ItemKind => {
    if (item.className === 'Shape') return (item as paper.Shape).type === 'rectangle' ? 'rectangle' : 'ellipse';
    if (item.className === 'PointText') return 'text';
    if (item.className === 'Raster') return 'image';
    if (item.className === 'Path') return (item as paper.Path).segments.length === 2 && !(item as paper.Path).closed ? 'line' : 'path';
    return 'group';
  };

  const infoOf = (item: paper.Item): ItemInfo => ({
    kind: kindOf(item),
    text: item.className === 'PointText' ? (item as paper.PointText).content : '',
    x: Math.round(item.position.x),
    y: Math.round(item.position.y),
  });

  /** Keeps a shape's centre on the canvas. */
  const keepOnCanvas = (item: paper.Item) => {
    const x = Math.min(Math.max(0, item.position.x), size.width);
    const y = Math.min(Math.max(0, item.position.y), size.height);
    if (x !== item.position.x || y !== item.position.y) item.position = new scope.Point(x, y);
  };

  const selectOnly = (item: paper.Item) => {
    scope.project.deselectAll();
    item.selected = true;
    scope.view.update();
  };

  // ---- pointer tool ----
  const pointer = new scope.Tool();
  let drawing: paper.Item | null = null;
  let start: paper.Point | null = null;
  let moving: paper.Item | null = null;

  const shapeFor = (from: paper.Point, to: paper.Point): paper.Item => {
    const rect = new scope.Rectangle(from, to);
    if (tool === 'rectangle') return new scope.Shape.Rectangle(rect);
    if (tool === 'ellipse') return new scope.Shape.Ellipse(rect);
    return new scope.Path.Line(from, to);
  };

  pointer.onMouseDown = (event: paper.ToolEvent) => {
    // A click beside the text being written ends it (its editor's blur commits): no new shape or text with it.
    if (writing) return;
    start = event.point;
    if (tool === 'select') {
      scope.project.deselectAll();
      const hit = scope.project.hitTest(event.point, { fill: true, stroke: true, segments: true, tolerance: 6 });
      const layerItem = hit?.item ? (hit.item.parent && hit.item.parent.className !== 'Layer' ? hit.item.parent : hit.item) : null;
      moving = layerItem && !layerItem.locked && layerItem.layer?.visible !== false ? layerItem : null;
      if (moving) moving.selected = true;
      return;
    }
    if (tool === 'text') {
      // On a text: edit it; elsewhere: a new text starts there.
      startWriting(event.point, textAt(event.point));
      return;
    }
    if (tool === 'pen') {
      const path = new scope.Path();
      apply(path, false);
      path.strokeCap = 'round';
      path.strokeJoin = 'round';
      path.add(event.point);
      drawing = path;
    }
  };

  pointer.onMouseDrag = (event: paper.ToolEvent) => {
    if (writing) return;
    if (tool === 'select') {
      if (moving) moving.position = moving.position.add(event.delta);
      return;
    }
    if (tool === 'pen' && drawing) {
      (drawing as paper.Path).add(event.point);
      return;
    }
    if (start && (tool === 'rectangle' || tool === 'ellipse' || tool === 'line')) {
      drawing?.remove();
      drawing = shapeFor(start, event.point);
      apply(drawing, tool !== 'line');
    }
  };

  pointer.onMouseUp = () => {
    if (tool === 'select') {
      if (moving) changed();
      moving = null;
      return;
    }
    if (drawing) {
      if (tool === 'pen') (drawing as paper.Path).simplify(2);
      const tiny = drawing.bounds.width < 2 && drawing.bounds.height < 2;
      if (tiny && tool !== 'pen') drawing.remove();
      drawing = null;
      changed();
    }
    start = null;
  };
  pointer.activate();

  return {
    load,
    svg: exportSvg,
    setTool: (next) => {
      tool = next;
      if (next !== 'select') scope.project.deselectAll();
      scope.view.update();
    },
    setStyle: (next) => {
      style = next;
      const selected = scope.project.selectedItems.filter((item) => item.className !== 'Layer');
      if (selected.length > 0) {
        for (const item of selected) {
          if (item.className === 'PointText') item.fillColor = new scope.Color(next.stroke);
          else {
            item.strokeColor = new scope.Color(next.stroke);
            item.strokeWidth = next.width;
            if (item.className === 'Shape' || (item as paper.Path).closed) item.fillColor = next.fill ? new scope.Color(next.fill) : null;
          }
        }
        changed();
      }
    },
    undo: () => {
      const previous = past.pop();
      if (previous === undefined) return;
      future.push(last);
      restore(previous);
    },
    redo: () => {
      const next = future.pop();
      if (next === undefined) return;
      past.push(last);
      restore(next);
    },
    canUndo: () => past.length > 0,
    canRedo: () => future.length > 0,
    deleteSelected: () => {
      const selected = scope.project.selectedItems.filter((item) => item.className !== 'Layer');
      if (selected.length === 0) return null;
      const first = selectedTop()[0];
      const info = first ? infoOf(first) : null;
      selected.forEach((item) => item.remove());
      changed();
      return info;
    },
    layers: () =>
      scope.project.layers.map((layer, index) => ({
        index,
        name: layer.name || `Layer ${index + 1}`,
        visible: layer.visible,
        active: layer === scope.project.activeLayer,
      })),
    addLayer: (name) => {
      const layer = new scope.Layer({ name });
      layer.activate();
      changed();
    },
    activateLayer: (index) => {
      scope.project.layers[index]?.activate();
      onLayers();
    },
    toggleLayer: (index) => {
      const layer = scope.project.layers[index];
      if (!layer) return;
      layer.visible = !layer.visible;
      changed();
    },
    setBackground: (src, name) =>
      new Promise<void>((resolve, reject) => {
        const image = new Image();
        image.onload = () => {
          const active = scope.project.activeLayer;
          const layer = new scope.Layer({ name, insert: false });
          scope.project.insertLayer(0, layer);
          const raster = new scope.Raster(image);
          layer.addChild(raster);
          const scale = Math.min(1, 300 / image.naturalWidth);
          raster.scale(scale);
          size = {
            width: Math.max(size.width, Math.round(image.naturalWidth * scale)),
            height: Math.max(size.height, Math.round(image.naturalHeight * scale)),
          };
          scope.view.viewSize = new scope.Size(size.width, size.height);
          raster.position = new scope.Point(raster.bounds.width / 2, raster.bounds.height / 2);
          layer.locked = true;
          active.activate();
          changed();
          resolve();
        };
        image.onerror = () => reject(new Error('image'));
        image.src = src;
      }),
    size: () => size,
    resize: (width, height) => {
      size = { width: Math.max(50, Math.min(2000, width)), height: Math.max(50, Math.min(2000, height)) };
      scope.view.viewSize = new scope.Size(size.width, size.height);
      onChange(exportSvg());
    },
    commitText: (content) => {
      const current = endWriting();
      if (!current) return;
      const text = content.replace(/\r\n?/g, '\n').replace(/\s+$/, '');
      const select = selectWritten;
      selectWritten = false;
      if (current.item) {
        current.item.visible = true;
        if (!text) current.item.remove();
        else {
          current.item.content = text;
          if (select) current.item.selected = true;
        }
        changed();
        scope.view.update();
        return;
      }
      if (!text) return;
      const label = new scope.PointText(current.point);
      label.content = text;
      label.fillColor = new scope.Color(style.stroke);
      label.fontSize = textFont.fontSize;
      label.fontFamily = textFont.fontFamily;
      if (select) label.selected = true;
      changed();
      scope.view.update();
    },
    cancelText: () => {
      selectWritten = false;
      const current = endWriting();
      if (current?.item) current.item.visible = true;
      scope.view.update();
    },
    selection: () => {
      const first = selectedTop()[0];
      return first ? infoOf(first) : null;
    },
    selectStep: (by) => {
      const items = pickable();
      if (items.length === 0) return null;
      const current = selectedTop()[0];
      const at = current ? items.indexOf(current) : -1;
      const index = nextIndex(at, items.length, by);
      const item = items[index] as paper.Item;
      selectOnly(item);
      return { ...infoOf(item), position: index + 1, count: items.length };
    },
    deselect: () => {
      scope.project.deselectAll();
      scope.view.update();
    },
    moveSelected: (dx, dy) => {
      const items = selectedTop();
      if (items.length === 0) return null;
      for (const item of items) {
        item.position = item.position.add(new scope.Point(dx, dy));
        keepOnCanvas(item);
      }
      changed();
      scope.view.update();
      return infoOf(items[0] as paper.Item);
    },
    scaleSelected: (factor) => {
      const items = selectedTop();
      if (items.length === 0) return null;
      items.forEach((item) => item.scale(factor));
      changed();
      scope.view.update();
      return infoOf(items[0] as paper.Item);
    },
    placeShape: (shape, at) => {
      const box = placedBox(shape, at, size);
      const item =
        shape === 'line'
          ? new scope.Path.Line(new scope.Point(box.left, box.top), new scope.Point(box.left + box.width, box.top))
          : shape === 'rectangle'
            ? new scope.Shape.Rectangle(new scope.Rectangle(box.left, box.top, box.width, box.height))
            : new scope.Shape.Ellipse(new scope.Rectangle(box.left, box.top, box.width, box.height));
      apply(item, shape !== 'line');
      selectOnly(item);
      changed();
      return infoOf(item);
    },
    startTextAt: (at) => {
      if (writing) return;
      const point = new scope.Point(at.x, at.y);
      selectWritten = true;
      startWriting(point, textAt(point));
    },
    destroy: () => {
      canvas.removeEventListener('dblclick', onDoubleClick);
      pointer.remove();
      scope.project.remove();
    },
  };
};
