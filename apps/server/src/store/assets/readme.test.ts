import { describe, expect, it } from 'vitest';
import { renderReadme } from './readme.js';

describe('renderReadme', () => {
  it('renders Markdown: headings, lists, code, tables and safe links', () => {
    const html = renderReadme(
      '# Title\n\n- one\n- two\n\n`code`\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\n[docs](https://example.com/docs) [top](#title)',
    );
    expect(html).toContain('<h3>Title</h3>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<th align="left">a</th>');
    expect(html).toContain(
      '<a href="https://example.com/docs" rel="noopener noreferrer nofollow" target="_blank">docs</a>',
    );
    expect(html).toContain('<a href="#title">top</a>');
  });

  it('lets no raw HTML, script, event handler or dangerous URL through', () => {
    const attacks = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<iframe src="https://evil.example"></iframe>',
      '<a href="javascript:alert(1)">raw</a>',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[click](&#106;avascript:alert(1))',
      '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[vb](vbscript:msgbox(1))',
      '![x](javascript:alert(1))',
      '![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)',
      '<svg onload=alert(1)></svg>',
      '<style>body{display:none}</style>',
      '[proto](//evil.example/x)',
    ].join('\n\n');
    const html = renderReadme(attacks);
    const tags = [...html.matchAll(/<([a-z0-9]+)((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/gi)];
    expect(tags.length).toBeGreaterThan(0);
    for (const [, name, attrs = ''] of tags) {
      expect(['p', 'a', 'br']).toContain(name);
      for (const [, attr, value = ''] of attrs.matchAll(/([a-z-]+)="([^"]*)"/gi)) {
        expect(['href', 'rel', 'target']).toContain(attr);
        if (attr === 'href') expect(value).toMatch(/^https:\/\/evil\.example$/);
      }
    }
    // The raw HTML is shown as text, escaped.
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps http(s) images with their alt text', () => {
    expect(renderReadme('![Screen](https://example.com/a.png)')).toContain(
      '<img src="https://example.com/a.png" alt="Screen" />',
    );
  });
});
