import type { Page } from 'playwright-core';

/** Selects `wanted` in the element's text (across elements), as a mouse drag would. */
export const selectIn = async (page: Page, testId: string, wanted: string) => {
  await page.getByTestId(testId).evaluate((root, phrase) => {
    const nodes: { node: Text; start: number }[] = [];
    let text = '';
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push({ node: node as Text, start: text.length });
      text += (node as Text).data;
    }
    const at = text.indexOf(phrase);
    if (at < 0) throw new Error(`no text ${phrase} in ${text}`);
    const locate = (offset: number, atEnd: boolean) => {
      const hit = nodes.find(({ node, start }) =>
        atEnd ? offset > start && offset <= start + node.data.length : offset >= start && offset < start + node.data.length,
      );
      if (!hit) throw new Error(`no node at ${offset}`);
      return { node: hit.node, offset: offset - hit.start };
    };
    const from = locate(at, false);
    const to = locate(at + phrase.length, true);
    const range = document.createRange();
    range.setStart(from.node, from.offset);
    range.setEnd(to.node, to.offset);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }, wanted);
};
