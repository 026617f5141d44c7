import type { Plugin } from 'vite';
import { headerEn } from '../src/header/i18n/en';
import { headerZh } from '../src/header/i18n/zh';
import { STATIC_COOKIE_BANNER_ATTRIBUTE } from '../src/header/cookies/staticBanner';

/**
 * The cookie banner as plain HTML and CSS in index.html, one copy per locale between
 * `<!--cookie-banner:LOCALE-->` markers: the server keeps the visitor's locale and drops the banner when
 * consent is already answered or the page is framed (core/http/spa-banner.ts). It shows with the first
 * paint, before any script; the React banner (header/cookies/CookieBanner.tsx) replaces it when the app
 * starts. Same box and type as the React one (MUI Paper elevation 6, body2 text, a contained button), so
 * the swap neither moves nor resizes the text. Served as built (no server choosing), only the first shows.
 */
const B = `[${STATIC_COOKIE_BANNER_ATTRIBUTE}]`;
const CSS = `
${B}{box-sizing:border-box;position:fixed;right:16px;bottom:16px;left:16px;max-width:440px;
padding:16px;z-index:1101;border-radius:8px;background:#fff;color:rgba(0,0,0,.87);
box-shadow:0 3px 5px -1px rgba(0,0,0,.2),0 6px 10px 0 rgba(0,0,0,.14),0 1px 18px 0 rgba(0,0,0,.12);
font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,"PingFang SC","Microsoft YaHei",sans-serif}
@media (min-width:600px){${B}{left:auto}}
${B} p{margin:0;font-size:.875rem;font-weight:400;line-height:1.43;letter-spacing:.01071em}
${B} div{display:flex;justify-content:flex-end;margin-top:12px}
${B} button{box-sizing:border-box;min-width:64px;padding:6px 16px;border:0;border-radius:8px;
background:#3451c7;color:#fff;font:inherit;font-size:.875rem;font-weight:500;line-height:1.75;letter-spacing:.02857em;
text-transform:uppercase}
@media (prefers-color-scheme:dark){${B}{background:#171a23;color:#fff;
background-image:linear-gradient(rgba(255,255,255,.108),rgba(255,255,255,.108))}
${B} button{background:#8fa8ff;color:rgba(0,0,0,.87)}}
${B}~${B}{display:none}`.replace(/\n/g, '');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

function bannerFor(locale: 'en' | 'zh', strings: typeof headerEn.cookie): string {
  const html =
    `<div ${STATIC_COOKIE_BANNER_ATTRIBUTE} role="region" aria-label="${escapeHtml(strings.label)}" lang="${locale}">` +
    `<p>${escapeHtml(strings.text)}</p>` +
    `<div><button type="button">${escapeHtml(strings.accept)}</button></div></div>`;
  return `<!--cookie-banner:${locale}-->${html}<!--/cookie-banner:${locale}-->`;
}

/** Vite plugin (build only; the dev server shows the React banner alone): writes the banner into index.html. */
export function cookieBannerHtml(): Plugin {
  return {
    name: 'payshelf-cookie-banner',
    apply: 'build',
    transformIndexHtml(html) {
      return html
        .replace('</head>', `<style>${CSS}</style></head>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root"></div>${bannerFor('en', headerEn.cookie)}${bannerFor('zh', headerZh.cookie)}`,
        );
    },
  };
}
