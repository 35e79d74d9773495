import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--use-fake-ui-for-media-stream','--use-fake-device-for-media-stream','--autoplay-policy=no-user-gesture-required'] });
const page = await browser.newPage();
page.on('console', (m) => m.text().startsWith('DBG') && console.log(m.text()));
await page.goto('http://localhost:8293/live-exam-compatibility-test');
await page.getByRole('button', { name: 'Get started' }).click();
await page.getByRole('button', { name: 'Continue' }).click();
await page.getByRole('button', { name: 'Check permissions' }).click();
await page.getByRole('button', { name: 'Yes, continue' }).click();
for (let i = 0; i < 6; i++) { await page.waitForTimeout(500); console.log(await page.getByRole('progressbar', { name: 'Microphone volume' }).getAttribute('aria-valuenow')); }
await browser.close();
