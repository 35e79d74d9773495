import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { isSupportedPlatform, mediaFailureTexts } from '../../../../lib/media/media-check.ts';
import { browserInfo } from '../../utils/browser-info.ts';
import { PaneFrame } from '../pane-frame.tsx';

const eyebrow = 'Browser test';

/** §2.10 Browser test: desktop Chrome, Chromium, Electron or Edge; anything else needs a new browser. */
export function BrowserTestPane({ onContinue }: { onContinue: () => void }) {
  const info = browserInfo(navigator.userAgent);
  if (!isSupportedPlatform()) return <NewBrowserNeeded browser={info.browser} os={info.os} />;
  return (
    <PaneFrame
      eyebrow={eyebrow}
      title="Browser supported"
      actions={
        <Button variant="contained" onClick={onContinue}>
          Continue
        </Button>
      }
    >
      <p>
        You are using <strong>{info.browser}</strong> on <strong>{info.os}</strong>, which runs Auscura&apos;s live
        exams.
      </p>
    </PaneFrame>
  );
}

function NewBrowserNeeded({ browser, os }: { browser: string; os: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const url = window.location.href;
  const copy = () =>
    navigator.clipboard
      .writeText(url)
      .then(() => setCopied('yes'))
      .catch(() => setCopied('failed'));
  return (
    <PaneFrame eyebrow={eyebrow} title="New browser needed">
      <p>
        {mediaFailureTexts.platformUnsupported} You are using {browser} on {os}.
      </p>
      <p>Install one of these browsers, then open this test again in it:</p>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        <li>
          <Link href="https://www.google.com/chrome/" target="_blank" rel="noopener noreferrer">
            Download Google Chrome
          </Link>
        </li>
        <li>
          <Link href="https://www.microsoft.com/edge/download" target="_blank" rel="noopener noreferrer">
            Download Microsoft Edge
          </Link>
        </li>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
        <TextField
          label="Link to this test"
          value={url}
          size="small"
          slotProps={{ input: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
          sx={{ minWidth: 320, flex: 1 }}
        />
        <Button variant="outlined" onClick={copy}>
          Copy link
        </Button>
      </Box>
      <Box role="status" sx={{ minHeight: 24 }}>
        {copied === 'yes' && 'The link has been copied to your clipboard.'}
        {copied === 'failed' && 'The link could not be copied: select it and copy it yourself.'}
      </Box>
    </PaneFrame>
  );
}
