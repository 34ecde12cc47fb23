import { describe, expect, it } from 'vitest';
import { dropBareSvgAttributes } from './svgMarkup.ts';

describe('dropBareSvgAttributes', () => {
  it('drops bare attributes and keeps the rest of the tag', () => {
    expect(
      dropBareSvgAttributes(
        '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L5 5" stroke-dasharray fill="red" /><g id="a" stroke-dashoffset></g></svg>',
      ),
    ).toBe('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L5 5" fill="red" /><g id="a"></g></svg>');
  });

  it('leaves well-formed drawings untouched', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="200"><g id="layer1"><title>Layer 1</title><path d="M1 1" stroke-width="2" /></g></svg>';
    expect(dropBareSvgAttributes(svg)).toBe(svg);
  });
});
