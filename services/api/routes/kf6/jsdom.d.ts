/** The part of jsdom (no bundled types) the KF6 dialect uses: a detached document, scripts off. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
