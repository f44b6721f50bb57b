import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: 412, height: 823 } });
const dump = () => p.evaluate(() => {
  const out = []; const live = document.querySelector('.live-now');
  for (const el of document.querySelectorAll('body *')) { const r = el.getBoundingClientRect(); if (r.height > 20 && live && (el.compareDocumentPosition(live) & 4) && !el.contains(live) && r.bottom <= live.getBoundingClientRect().top + 1 && el.children.length < 50) out.push(el.tagName + '.' + el.className + ' ' + Math.round(r.top) + '+' + Math.round(r.height)); }
  return out.slice(-25);
});
await p.goto('http://127.0.0.1:4392/en', { waitUntil: 'domcontentloaded' });
const a = await dump();
await p.waitForTimeout(5000);
const c = await dump();
console.log(a.filter(x => !c.includes(x)).join('\n'), '\n---\n', c.filter(x => !a.includes(x)).join('\n'));
await b.close();
