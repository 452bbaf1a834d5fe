// The privacy page's stored HTML, sanitised with exactly the spec's allow-list
// (public-site.md §2 Privacy, admin-area.md §2): the public page and the admin
// preview both go through this one function.
import sanitizeHtml from 'sanitize-html';

const ALLOWED_TAGS = [
  'p',
  'br',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'ul', 'ol', 'li',
  'a',
  'img',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  'blockquote', 'q',
  'code', 'pre',
  'div', 'span',
];
const ALLOWED_ATTRIBUTES = ['href', 'src', 'alt', 'title', 'class', 'id', 'target', 'rel'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { '*': ALLOWED_ATTRIBUTES },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: withoutScriptUrls(attribs) }),
    // a link that opens a new tab must not hand it our window
    a: (tagName, attribs) => {
      const clean = withoutScriptUrls(attribs);
      return { tagName, attribs: clean.target === '_blank' ? { ...clean, rel: 'noopener noreferrer' } : clean };
    },
  },
};

/**
 * sanitize-html already drops URLs with a forbidden scheme; a value that only
 * looks relative because of a leading quote or backtick (e.g. `javascript:…`)
 * is harmless to browsers but is dropped as well, so that no stored page ever
 * carries a script URL in any spelling.
 */
function withoutScriptUrls(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const out: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    const squashed = value.replace(/[\u0000-\u0020`'"]/g, '').toLowerCase();
    if ((name === 'href' || name === 'src') && /(java|vb|live)script:|^data:/.test(squashed)) continue;
    out[name] = value;
  }
  return out;
}

/** Line breaks become <br>, then everything outside the allow-list goes. */
export function sanitizePrivacyHtml(stored: string): string {
  const withBreaks = stored.replace(/\r\n?/g, '\n').replace(/\n/g, '<br>\n');
  return sanitizeHtml(withBreaks, OPTIONS);
}
