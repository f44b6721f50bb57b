import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: 412, height: 823 } });
await p.addInitScript(() => {
  window.__shifts = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__shifts.push({ v: e.value, t: Math.round(e.startTime), src: e.sources.map(s => (s.node?.className || s.node?.nodeName) + ' ' + JSON.stringify(s.previousRect) + '->' + JSON.stringify(s.currentRect)) }); }).observe({ type: 'layout-shift', buffered: true });
});
await p.goto('http://127.0.0.1:4392/en');
await p.waitForTimeout(8000);
console.log(JSON.stringify(await p.evaluate(() => window.__shifts), null, 1).slice(0, 4000));
await b.close();
