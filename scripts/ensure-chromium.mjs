// Installs Debian's chromium and a CJK font with apt when they are missing (a step of `npm test`).
import { ensureChromium } from './lib.mjs';

ensureChromium();
