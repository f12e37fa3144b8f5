/** Debian's Chromium and the flags every run uses (no downloads, no background traffic). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A synthetic camera (moving test pattern, no face) that pages may open without asking: the FRS camera path.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];
