// Debian's Chromium, started by chrome-launcher (Lighthouse's own launcher, a dependency of lighthouse) with a fresh
// profile per run. Never a downloaded browser.
import { launch, killAll, type LaunchedChrome } from 'chrome-launcher';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Without the background-networking flags the closed network floods Chromium with refused requests. */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<LaunchedChrome> {
  // handleSIGINT off: our own handler also stops the preview server and removes the baseline page.
  return launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent', handleSIGINT: false });
}

export function killAllChromium(): void {
  killAll();
}
