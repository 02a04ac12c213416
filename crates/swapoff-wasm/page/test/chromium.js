// Debian's Chromium (CHROMIUM, default /usr/bin/chromium) started headless by
// playwright-core, for the page's tests. The flags keep it off this machine's closed
// network: without them it keeps trying to reach Google's hosts.
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

const browser = process.env.CHROMIUM ?? "/usr/bin/chromium";

export function launch() {
  if (!existsSync(browser)) {
    throw new Error(`no Chromium at ${browser}: install Debian's chromium (apt-get install chromium) or set CHROMIUM`);
  }
  return chromium.launch({
    executablePath: browser,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}
