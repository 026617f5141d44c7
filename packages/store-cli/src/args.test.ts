import { describe, expect, it } from 'vitest';
import { normalizeStoreUrl, parseCommandLine } from './args.js';
import { CliError } from './errors.js';
import { progressLine } from './progress.js';

const usage = (argv: string[]) => {
  try {
    parseCommandLine(argv);
  } catch (e) {
    expect(e).toBeInstanceOf(CliError);
    expect((e as CliError).exitCode).toBe(2);
    return (e as CliError).message;
  }
  throw new Error('expected a usage error');
};

describe('parseCommandLine', () => {
  it('reads a command, its target and its options', () => {
    expect(
      parseCommandLine(['publish', 'dist/app.tgz', '--store', 'https://s.example', '--json']),
    ).toMatchObject({
      command: 'publish',
      target: 'dist/app.tgz',
      store: 'https://s.example',
      json: true,
      browser: true,
    });
    expect(parseCommandLine(['publish', '--changelog', ' Fixed the clock ']).changelog).toBe(
      'Fixed the clock',
    );
    expect(() => parseCommandLine(['bundle', '--changelog', 'x'])).toThrow(/option of publish only/);
    expect(parseCommandLine(['connect', '--no-browser']).browser).toBe(false);
    expect(parseCommandLine([]).command).toBe('help');
    expect(parseCommandLine(['publish', '--help']).command).toBe('help');
  });

  it('takes manifest fields as flags for init only', () => {
    expect(parseCommandLine(['init', 'app', '--name', 'x1', '--keywords', 'a,b', '-y']).fields).toEqual({
      name: 'x1',
      keywords: 'a,b',
    });
    expect(usage(['bundle', '--name', 'x1'])).toBe('--name is an option of init only');
  });

  it('refuses unknown commands and options, extra arguments, and login without store and token', () => {
    expect(usage(['frobnicate'])).toBe('Unknown command: frobnicate');
    expect(usage(['publish', '--tokn', 'x'])).toMatch(/Unknown option '--tokn'/);
    expect(usage(['publish', 'a', 'b'])).toBe('Too many arguments: b');
    expect(usage(['whoami', 'me'])).toBe('whoami takes no argument (got "me")');
    expect(usage(['login', '--store', 'https://s.example'])).toBe(
      'login needs --store URL and --token TOKEN',
    );
  });

  it('takes a folder and --version for the review commands, and says plainly what is wrong', () => {
    expect(parseCommandLine(['request-review', 'app', '--version', ' 1.2.0 '])).toMatchObject({
      command: 'request-review',
      target: 'app',
      version: '1.2.0',
      fields: {},
    });
    expect(parseCommandLine(['cancel-review']).version).toBeUndefined();
    expect(usage(['cancel-review', '--version', ' '])).toBe(
      'cancel-review --version needs a version such as 1.2.0',
    );
    expect(usage(['publish', '--version', '1.0.0'])).toBe(
      '--version is an option of init, request-review and cancel-review',
    );
    expect(usage(['request-review', '--store'])).toBe("Option '--store <value>' argument missing");
    expect(usage(['publish', '--tokn', 'x'])).toBe("Unknown option '--tokn'");
  });
});

describe('normalizeStoreUrl', () => {
  it('keeps origin and path without a trailing slash, and refuses what is not an http(s) URL', () => {
    expect(normalizeStoreUrl('https://Store.Example:8443/shop/?x=1#y')).toBe(
      'https://store.example:8443/shop',
    );
    expect(normalizeStoreUrl('http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000');
    expect(() => normalizeStoreUrl('store.example')).toThrow('Not a URL');
    expect(() => normalizeStoreUrl('ftp://store.example')).toThrow('must be http or https');
    expect(() => normalizeStoreUrl('https://u:p@store.example')).toThrow('user name or password');
  });
});

describe('progressLine', () => {
  it('draws the share sent and the sizes', () => {
    expect(progressLine(0, 2048)).toBe(`[${'-'.repeat(30)}]   0%  0 B / 2.0 KB`);
    expect(progressLine(1536, 2048)).toBe(`[${'#'.repeat(23)}${'-'.repeat(7)}]  75%  1.5 KB / 2.0 KB`);
    expect(progressLine(5 * 1024 * 1024, 5 * 1024 * 1024)).toBe(`[${'#'.repeat(30)}] 100%  5.0 MB / 5.0 MB`);
  });
});
