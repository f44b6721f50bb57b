import { chromium } from '@playwright/test';
const B = 'http://127.0.0.1:4441';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const pages = process.argv.slice(2);
for (const [name, path, w, scheme] of pages.map((p) => p.split('|'))) {
  const ctx = await browser.newContext({ viewport: { width: Number(w), height: 900 }, colorScheme: scheme });
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(name, 'console:', m.text()));
  await page.goto(B + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/wt-widgets-shots/${name}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
