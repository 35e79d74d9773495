/** The browser and operating system names the Browser test shows and test_results.json records. */
export type BrowserInfo = { browser: string; os: string };

type UserAgentData = { platform?: string; brands?: { brand: string; version: string }[] };

/** From the user-agent string (and Client Hints' brands when the browser gives them). */
export function browserInfo(userAgent: string, userAgentData?: UserAgentData): BrowserInfo {
  return { browser: browserName(userAgent, userAgentData), os: osName(userAgent, userAgentData) };
}

function browserName(ua: string, data?: UserAgentData): string {
  const version = (pattern: RegExp) => pattern.exec(ua)?.[1]?.split('.')[0];
  const brand = data?.brands?.find((entry) => /^(Google Chrome|Microsoft Edge|Chromium|Opera)$/.test(entry.brand));
  if (/Electron\//.test(ua)) return `Electron ${version(/Electron\/([\d.]+)/) ?? ''}`.trim();
  if (brand) return `${brand.brand} ${brand.version}`;
  if (/Edg\//.test(ua)) return `Microsoft Edge ${version(/Edg\/([\d.]+)/)}`;
  if (/OPR\//.test(ua)) return `Opera ${version(/OPR\/([\d.]+)/)}`;
  if (/SamsungBrowser\//.test(ua)) return `Samsung Internet ${version(/SamsungBrowser\/([\d.]+)/)}`;
  if (/Firefox\/|FxiOS\//.test(ua)) return `Firefox ${version(/(?:Firefox|FxiOS)\/([\d.]+)/)}`;
  if (/Chromium\//.test(ua)) return `Chromium ${version(/Chromium\/([\d.]+)/)}`;
  if (/Chrome\/|CriOS\//.test(ua)) return `Google Chrome ${version(/(?:Chrome|CriOS)\/([\d.]+)/)}`;
  if (/Safari\//.test(ua) && /Version\//.test(ua)) return `Safari ${version(/Version\/([\d.]+)/)}`;
  return 'an unknown browser';
}

function osName(ua: string, data?: UserAgentData): string {
  if (/iPhone|iPad|iPod/.test(ua)) return 'iOS';
  if (/Android/.test(ua)) return 'Android';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Windows/.test(ua)) return 'Windows';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/Linux/.test(ua)) return 'Linux';
  return data?.platform || 'an unknown operating system';
}
