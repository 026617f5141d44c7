import { describe, expect, it } from 'vitest';
import { changelogHeader, changelogSection, clip } from './changelog.js';

const FILE = `# Changelog

## [1.1.0] - 2026-02-01
### Added
- Dark mode

## 1.0.0
- First release
`;

describe('changelogs', () => {
  it("takes this version's section of CHANGELOG.md, sub-headings included", () => {
    expect(changelogSection(FILE, '1.1.0')).toBe('### Added\n- Dark mode');
    expect(changelogSection(FILE, '1.0.0')).toBe('- First release');
  });

  it('takes the whole file when no heading names the version', () => {
    expect(changelogSection('Fixed the clock.\r\n', '2.0.0')).toBe('Fixed the clock.');
  });

  it('reads the percent-encoded header, refusing bad encoding and blank values', () => {
    expect(changelogHeader(encodeURIComponent('修复：时钟\n- faster'))).toBe('修复：时钟\n- faster');
    expect(changelogHeader('  ')).toBeNull();
    expect(changelogHeader(null)).toBeNull();
    expect(changelogHeader('%E4%ZZ')).toBeInstanceOf(Error);
    expect(changelogHeader('a'.repeat(20_000))).toBeInstanceOf(Error);
  });

  it('cuts a long changelog at a line break', () => {
    expect(clip('aaaa\nbbbb\ncccc', 12)).toBe('aaaa\nbbbb');
  });
});
