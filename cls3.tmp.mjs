import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: 412, height: 823 } });
await p.goto('http://127.0.0.1:4392/en', { waitUntil: 'commit' });
for (let i = 0; i < 40; i++) {
  const s = await p.evaluate(() => {
    const live = document.querySelector('.live-now'); if (!live) return 'none';
    let chain = []; let el = live;
    while (el && el !== document.body) { let sib = el.previousElementSibling; const sibs = []; while (sib) { sibs.push(sib.tagName + '.' + String(sib.className).slice(0,30) + ':' + Math.round(sib.getBoundingClientRect().height)); sib = sib.previousElementSibling; } chain.push(sibs.join(',')); el = el.parentElement; }
    return Math.round(live.getBoundingClientRect().top) + ' | ' + chain.filter(Boolean).join(' || ');
  }).catch(e => 'err');
  console.log(i, s);
  await p.waitForTimeout(150);
}
await b.close();
