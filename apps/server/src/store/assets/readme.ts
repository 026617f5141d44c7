// A README is a developer's Markdown, shown on the store's own origin: it is rendered with raw HTML
// turned off (any HTML in it shows as text) and the result passes an allow-list sanitiser, so no
// script, event handler, style, iframe or javascript:/data: URL can reach a visitor's page.
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** Links may go to http(s) and mail addresses, or stay on the page (#anchor); nothing else. */
const SAFE_HREF = /^(https?:|mailto:|#)/i;
/** Images only from http(s): a data: or javascript: source is dropped with its tag. */
const SAFE_SRC = /^https?:/i;

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    's',
    'del',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    code: ['class'],
    th: ['align'],
    td: ['align'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page has its h1 (the app's title) and h2 sections; the README's headings sit below them.
    h1: 'h3',
    h2: 'h4',
    h3: 'h5',
    h4: 'h6',
    h5: 'h6',
    // External links open without giving the target page a handle on ours.
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      if (!SAFE_HREF.test(href)) return { tagName: 'span', attribs: {} };
      return {
        tagName,
        attribs: href.startsWith('#')
          ? attribs
          : { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
      };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !SAFE_SRC.test(frame.attribs.src ?? ''),
};
ALLOWED.allowedAttributes = {
  ...(ALLOWED.allowedAttributes as Record<string, string[]>),
  a: ['href', 'title', 'rel', 'target'],
};

/** Safe HTML for a README written in Markdown. */
export function renderReadme(source: string): string {
  // markdown-it maps `style="text-align:…"` for table alignment; the sanitiser drops style, so use align.
  const html = markdown.render(source).replace(/ style="text-align:(left|right|center)"/g, ' align="$1"');
  return sanitizeHtml(html, ALLOWED);
}
