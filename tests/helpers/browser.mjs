// The headless Chromium of the viewer's tests and bench: the one that ships
// inside the @sparticuz/chromium package (a dev dependency), unpacked on
// first use, so `npm ci && npm test` needs no system browser. Flags keep it
// off the network this machine does not have.
import chromium from '@sparticuz/chromium';
import puppeteer from 'puppeteer-core';

export async function launchBrowser() {
  const executablePath = await chromium.executablePath();
  return puppeteer.launch({
    executablePath,
    headless: true,
    args: [...chromium.args, '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    timeout: 120_000,
  });
}
