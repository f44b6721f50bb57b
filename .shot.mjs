import { chromium } from '@playwright/test';
import { createServer } from 'node:http';
const B = 'http://127.0.0.1:4441';
// A host page on another origin with several widgets, for the "on someone's site" shots.
const snippet = (p, w = 480) => `<iframe src="${B}${p}" title="w" loading="lazy" style="border:0;width:100%;max-width:${w}px;height:420px"></iframe>`;
const host = createServer((req, res) => { res.setHeader('content-type', 'text/html'); res.end(`<!doctype html><meta name=viewport content="width=device-width"><style>body{font-family:serif;max-width:700px;margin:1rem auto;padding:0 .5rem}</style><h1>FC Example blog</h1><p>Tonight's scores:</p>${snippet('/en/embed/scores')}<p>The table:</p>${snippet('/en/embed/table/world-cup?group=Group+C&team=brazil&accent=d97706')}<p>Form:</p>${snippet('/en/embed/form/argentina')}<script src="${B}/embed.js" async></script>`); }).listen(4447, '127.0.0.1');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [name, url, w, scheme] of process.argv.slice(2).map((p) => p.split('|'))) {
  const ctx = await browser.newContext({ viewport: { width: Number(w), height: 900 }, colorScheme: scheme });
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(name, 'console:', m.text().slice(0, 200)));
  await page.goto(url.startsWith('http') ? url : B + url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `/tmp/wt-widgets-shots/${name}.png`, fullPage: true });
  await ctx.close();
}
await browser.close(); host.close();
