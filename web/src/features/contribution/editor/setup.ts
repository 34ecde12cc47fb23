import { baseKeymap, chainCommands } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import { Node as PMNode } from 'prosemirror-model';
import { liftListItem, sinkListItem, splitListItem } from 'prosemirror-schema-list';
import { EditorState, type Plugin } from 'prosemirror-state';
import { emptyNoteBody } from '../../../../../contracts/noteSchema.ts';
import {
  arrowAtUnit,
  deleteUnitBackward,
  deleteUnitForward,
  deleteWordBackward,
  deleteWordForward,
  lineBreakInSupport,
  schema,
  toggle,
} from './commands.ts';

const plugins = (): Plugin[] => {
  const itemType = schema.nodes.list_item!;
  return [
    history(),
    keymap({
      'Mod-z': undo,
      'Mod-y': redo,
      'Shift-Mod-z': redo,
      'Mod-b': toggle('strong'),
      'Mod-i': toggle('em'),
      'Mod-u': toggle('underline'),
      Backspace: deleteUnitBackward,
      'Mod-Backspace': deleteWordBackward,
      Delete: deleteUnitForward,
      'Mod-Delete': deleteWordForward,
      ArrowLeft: arrowAtUnit(-1),
      ArrowRight: arrowAtUnit(1),
      // In a support's words Enter starts a new line inside it; elsewhere lists, then the base keymap.
      Enter: chainCommands(lineBreakInSupport, splitListItem(itemType)),
      Tab: sinkListItem(itemType),
      'Shift-Tab': liftListItem(itemType),
      'Shift-Enter': chainCommands((state, dispatch) => {
        if (dispatch) dispatch(state.tr.replaceSelectionWith(schema.nodes.hard_break!.create()).scrollIntoView());
        return true;
      }),
    }),
    keymap(baseKeymap),
  ];
};

/** A document from stored JSON; an unreadable one becomes the empty note. */
export const docFromJson = (json: unknown): PMNode => {
  try {
    const node = PMNode.fromJSON(schema, json ?? emptyNoteBody());
    node.check();
    return node;
  } catch {
    return PMNode.fromJSON(schema, emptyNoteBody());
  }
};

export const createEditorState = (json: unknown): EditorState => EditorState.create({ schema, doc: docFromJson(json), plugins: plugins() });
