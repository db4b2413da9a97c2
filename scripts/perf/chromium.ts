// Debian's Chromium, started by chrome-launcher (Lighthouse's own launcher, a dependency of lighthouse) with a fresh
// profile per run. Never a downloaded browser.
import { launch, killAll, type LaunchedChrome } from 'chrome-launcher';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts';

export function launchChromium(): Promise<LaunchedChrome> {
  // handleSIGINT off: our own handler also stops the preview server and removes the baseline page.
  return launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS], logLevel: 'silent', handleSIGINT: false });
}

export function killAllChromium(): void {
  killAll();
}
