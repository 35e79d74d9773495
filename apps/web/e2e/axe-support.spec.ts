import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support';

// The axe helper every main screen's check uses (support.ts): a colour caught half-way through a
// transition is not a violation, a colour that stays is one. Plain pages, no server needed.
const page = (script: string) => `<!doctype html><html lang="en"><head><title>axe helper</title><style>
button { background: #ccc; color: #fff; transition: background-color 600ms linear, color 600ms linear; }
button:disabled { background: #eee; color: #999; }
button.on { background: #0b3d91; color: #fff; }
</style></head><body><main><h1>axe helper</h1><button id="b" disabled>Test this input</button></main>
<script>${script}</script></body></html>`;
const enableAfter = (ms: number) =>
  `setTimeout(() => { const b = document.getElementById('b'); b.disabled = false; b.classList.add('on'); }, ${ms});`;

// Before the helper re-ran axe when something moved, a button enabled 80–300 ms in (as a device list
// arrives) failed it: axe took its colour half-way from grey to blue.
for (const ms of [80, 300]) {
  test(`a button enabled ${ms} ms in, while axe runs, is judged once it has settled`, async ({ page: tab }) => {
    await tab.setContent(page(enableAfter(ms)));
    await expectNoSeriousViolations(tab);
  });
}

test('a low contrast that stays, reached through a transition, is a violation', async ({ page: tab }) => {
  await tab.setContent(
    page(
      `setTimeout(() => { const b = document.getElementById('b'); b.disabled = false; b.style.color = '#ddd'; }, 100);`,
    ),
  );
  await expect(expectNoSeriousViolations(tab)).rejects.toThrow(/color-contrast/);
});
