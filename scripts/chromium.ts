// Debian's Chromium, as every browser the project starts runs it (the e2e journeys, npm run perf): never a downloaded
// build. Without the background-networking flags the closed network floods Chromium with refused requests.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;
