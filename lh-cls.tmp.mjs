import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu'] });
const r = await lighthouse(process.argv[2], { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
const a = r.lhr.audits['layout-shifts'];
console.log(r.lhr.audits['cumulative-layout-shift'].numericValue);
console.log(JSON.stringify(a.details?.items?.map(i => ({ score: i.score, node: i.node?.snippet, sel: i.node?.selector, causes: i.subItems?.items?.map(s=>s.extra?.value ?? s.cause) })), null, 1).slice(0, 3000));
chrome.kill();
