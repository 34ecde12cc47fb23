/**
 * Repairs a drawing stored before the sanitiser kept it well-formed XML
 * (issue 21 §1): sanitize-html wrote empty attributes (paper.js exports
 * `stroke-dasharray=""`) back as bare names (`stroke-dasharray`), which XML
 * forbids, so `<img>` showed a broken image. Bare attributes are dropped (an
 * empty presentation attribute means nothing). Pure string work on the
 * sanitiser's own output, where `<` and `>` inside values are escaped; a
 * well-formed drawing comes back unchanged.
 */
export const dropBareSvgAttributes = (svg: string): string =>
  svg.replace(/<([A-Za-z][\w:.-]*)((?:\s[^<>]*?)?)(\/?)>/g, (tag, name: string, attributes: string, selfClosing: string) => {
    if (!attributes.trim()) return tag;
    const kept: string[] = [];
    const attribute = /([^\s=/]+)(\s*=\s*("[^"]*"|'[^']*'))?/g;
    let bare = false;
    for (let match = attribute.exec(attributes); match; match = attribute.exec(attributes)) {
      if (match[2] === undefined) bare = true;
      else kept.push(`${match[1]}=${match[3]}`);
    }
    if (!bare) return tag;
    return `<${name}${kept.length > 0 ? ` ${kept.join(' ')}` : ''}${selfClosing ? ' /' : ''}>`;
  });
