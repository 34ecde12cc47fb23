import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '../../core/errors.ts';
import { msg } from '../../../contracts/messageCodes.ts';

/**
 * How deeply arrays and objects may nest in a JSON request. The deepest a
 * real request needs is a note body (`maxNoteDepth` 40 nodes, two JSON levels
 * each, plus marks and attributes) inside a multilanguage save: under 100.
 * 512 is far below where a recursive walk or JSON.stringify overflows (several
 * thousand levels) and far above that, so a note a little too deep still gets
 * the note's own message (`Messages.noteTooDeep`, translated in the client).
 */
export const maxRequestJsonDepth = 512;

export const jsonTooDeepMessage = msg('errors.jsonTooDeep', { depth: maxRequestJsonDepth });

/**
 * Whether JSON text nests arrays and objects more than `limit` levels deep.
 * One pass over the characters (brackets inside strings do not count), no
 * parsing and no recursion, stopping at the first level too many.
 */
export const jsonNestsDeeperThan = (text: string, limit: number): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) {
        i++;
      } // a backslash escapes the next character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
};

/**
 * JSON bodies are refused (400 on `body`) when nested deeper than
 * `maxRequestJsonDepth`, before they are parsed (issue 20 §0): JSON.parse
 * copes with any depth, but whatever walks the result afterwards — a schema
 * check, a handler, a serialiser, a projection — need never meet a document
 * thousands of levels deep. Otherwise Fastify's own parser (with its
 * prototype-poisoning checks) reads the body as before.
 */
export const jsonDepthPlugin = fp(
  async (app: FastifyInstance) => {
    const defaultParser = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (jsonNestsDeeperThan(text, maxRequestJsonDepth)) {
        done(ValidationError.field('body', jsonTooDeepMessage), undefined);
        return;
      }
      // Fastify's own parser, in its callback form (it returns nothing).
      void defaultParser(request, text, done);
    });
  },
  { name: 'buildon-json-depth' },
);
