import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { sanitizePrivacyHtml } from './sanitize';

// Known ways to smuggle script into HTML (after the OWASP XSS filter evasion
// cheat sheet and the html5sec.org vectors).
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<script/xss src="https://evil.example/x.js"></script>',
  '<<script>alert(1);//<</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(1);">',
  '<IMG SRC=javascript:alert(1)>',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert("x")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(1);">',
  '<IMG SRC="jav&#x09;ascript:alert(1);">',
  '<IMG SRC="jav&#x0A;ascript:alert(1);">',
  '<IMG SRC=" &#14;  javascript:alert(1);">',
  '<IMG DYNSRC="javascript:alert(1)">',
  '<IMG LOWSRC="javascript:alert(1)">',
  '<img src="x" onload="alert(1)" onmouseover="alert(2)">',
  '<a href="javascript:alert(1)">klick</a>',
  '<a href="JAVASCRIPT:alert(1)">klick</a>',
  '<a href=" javascript:alert(1)">klick</a>',
  '<a href="java&#x09;script:alert(1)">klick</a>',
  '<a href="&#106;avascript:alert(1)">klick</a>',
  '<a href="vbscript:msgbox(1)">klick</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">klick</a>',
  '<a href="livescript:alert(1)">klick</a>',
  '<a href="https://example.at" onclick="alert(1)">klick</a>',
  '<a href="https://example.at" style="background:url(javascript:alert(1))">klick</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<BODY BACKGROUND="javascript:alert(1)">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<input onfocus=alert(1) autofocus>',
  '<select onfocus=alert(1) autofocus>',
  '<textarea onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<video><source onerror="alert(1)">',
  '<audio src=x onerror=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<style>@import "javascript:alert(1)";</style>',
  '<div style="width: expression(alert(1));">x</div>',
  '<div style="background-image: url(javascript:alert(1))">x</div>',
  '<base href="javascript:alert(1)//">',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<td background="javascript:alert(1)">x</td>',
  '<div onmouseover="alert(1)">hover</div>',
  '<span onclick=alert(1)>x</span>',
  '<p onpointerenter=alert(1)>x</p>',
  '<h1 oncopy=alert(1)>x</h1>',
  '<blockquote cite="javascript:alert(1)" onmouseenter="alert(1)">x</blockquote>',
  '<img src="https://example.at/a.png" alt="x" title="y" onerror="alert(1)">',
  '<a href="//evil.example">protokollrelativ</a>',
  '<img src="x:alert(1)">',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<!--<script>alert(1)</script>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<a href="https://example.at" target="_blank">neuer Tab</a>',
];

type Found = { tags: string[]; attributes: { tag: string; name: string; value: string }[]; text: string };

function inspect(html: string): Found {
  const found: Found = { tags: [], attributes: [], text: '' };
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        found.tags.push(name);
        for (const [attr, value] of Object.entries(attribs)) found.attributes.push({ tag: name, name: attr, value });
      },
      ontext(text) {
        found.text += text;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

const ALLOWED_TAGS = new Set([
  'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'blockquote', 'q', 'code', 'pre', 'div', 'span',
]);
const ALLOWED_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'class', 'id', 'target', 'rel']);

describe('sanitizePrivacyHtml', () => {
  it(`lets none of ${PAYLOADS.length} XSS payloads through`, () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(50);
    for (const payload of PAYLOADS) {
      const out = sanitizePrivacyHtml(payload);
      const { tags, attributes } = inspect(out);
      for (const tag of tags) expect(ALLOWED_TAGS.has(tag), `${payload} → <${tag}>`).toBe(true);
      for (const a of attributes) {
        expect(ALLOWED_ATTRIBUTES.has(a.name), `${payload} → ${a.name}`).toBe(true);
        expect(a.name.startsWith('on'), `${payload} → ${a.name}`).toBe(false);
        if (a.name === 'href' || a.name === 'src') {
          // after entity decoding and without control characters, only safe schemes or site paths remain
          const value = a.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
          expect(/^(https?:|mailto:|tel:|\/[^/]|#|[^:]*$)/.test(value), `${payload} → ${a.name}=${a.value}`).toBe(true);
          expect(value.startsWith('//'), `${payload} → ${a.value}`).toBe(false);
        }
      }
      expect(out.toLowerCase(), payload).not.toMatch(/<script|javascript:|vbscript:|<iframe|<object|<embed|<svg|<style|<form|<base|<meta|<link/);
    }
  });

  it('keeps the allowed tags and attributes', () => {
    const html =
      '<h2 id="a" class="b">Titel</h2><p>Text <a href="https://dsb.gv.at" title="DSB" rel="nofollow">Link</a></p>' +
      '<ul><li>eins</li></ul><ol><li>zwei</li></ol><blockquote>Zitat</blockquote><pre><code>code</code></pre>' +
      '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>B</td></tr></tbody></table>' +
      '<div><span>x</span></div><img src="/uploads/a.webp" alt="Bild" /><a href="mailto:office@example.at">Mail</a>';
    expect(sanitizePrivacyHtml(html)).toBe(html);
  });

  it('turns line breaks into <br> and gives links to a new tab rel="noopener noreferrer"', () => {
    expect(sanitizePrivacyHtml('eins\nzwei\r\ndrei')).toBe('eins<br />\nzwei<br />\ndrei');
    expect(sanitizePrivacyHtml('<a href="https://example.at" target="_blank">x</a>')).toBe(
      '<a href="https://example.at" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps the text of removed elements readable, but not script or style bodies', () => {
    const out = sanitizePrivacyHtml('<section><b>fett</b> und <i>kursiv</i></section><script>geheim()</script><style>p{}</style>');
    expect(out).toBe('fett und kursiv');
  });
});
