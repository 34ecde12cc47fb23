import { beforeAll, describe, expect, it } from 'vitest';
import { docToKf6Html, kf6HtmlToDoc } from './html.ts';
import { parseCorsOrigins } from './cors.ts';

const support = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const cited = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const attachment = 'cccccccccccccccccccccccc';

describe('KF6 HTML ↔ the note schema', () => {
  // jsdom is loaded on the first body (seconds on a busy machine): once, before the tests.
  beforeAll(() => kf6HtmlToDoc('<p></p>'), 60_000);

  it('drops scripts, handlers, styles and unsafe links before parsing', async () => {
    const doc = await kf6HtmlToDoc(
      '<p style="color:red" onclick="x()">Bonjour<script>alert(1)</script> <a href="javascript:alert(1)">a</a> <a href="https://ok.example">b</a><img src="x" onerror="alert(1)"></p><iframe src="https://evil.example"></iframe>',
    );
    const json = JSON.stringify(doc);
    for (const unsafe of ['alert', 'javascript', 'onclick', 'onerror', 'iframe', 'color:red']) expect(json).not.toContain(unsafe);
    expect(json).toContain('https://ok.example');
  });

  it("reads KF6's support markers, references and inline attachments, and writes supports back as KF6 markers", async () => {
    const html =
      `<p><span id="${support}" class="KFSupportStart mceNonEditable"><span class="kfSupportStartMark"> &nbsp; </span><span class="kfSupportStartLabel">Ma théorie</span></span>` +
      `la pluie<span id="${support}" class="KFSupportEnd mceNonEditable"><span class="kfSupportEndMark"> &nbsp; </span></span> ` +
      `<span id="${cited}" class="KFReference mceNonEditable"><span class="KFReferenceQuote">"un extrait"</span> <a href="contribution/${cited}">Autre note</a></span>` +
      ` <img class="inline-attachment ${attachment}" src="/attachments/x.png"></p>`;
    const doc = await kf6HtmlToDoc(html);
    const json = JSON.stringify(doc);
    expect(json).toContain(`"type":"support","attrs":{"supportId":"${support}"`);
    expect(json).toContain('"text":"la pluie"');
    expect(json).toContain(`"type":"reference","attrs":{"contributionId":"${cited}","quote":"un extrait"`);
    expect(json).toContain(`"type":"attachmentRef","attrs":{"attachmentId":"${attachment}"}`);
    const back = await docToKf6Html(doc);
    expect(back).toContain(`id="${support}" class="KFSupportStart mceNonEditable`);
    expect(back).toContain('kfSupportStartLabel');
    // Read again, the same document.
    expect(await kf6HtmlToDoc(back)).toEqual(doc);
  });
});

describe('BUILDON_CORS_ORIGINS', () => {
  it('keeps bare http(s) origins only', () => {
    expect(parseCorsOrigins(' https://a.example, *, https://b.example/path, ftp://c.example, http://d.example:8080/ ,nonsense')).toEqual([
      'https://a.example',
      'http://d.example:8080',
    ]);
    expect(parseCorsOrigins(undefined)).toEqual([]);
  });
});
