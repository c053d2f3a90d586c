import './app/mantine-participant.css';
import './app/global.css';
import './shared/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/App';

// The Content-Security-Policy allows no eval (apps/api/src/platform/headers.ts): zod must not probe
// for it with Function(''), which the browser reports as a violation; its interpreted parsing is enough here.
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition: React renders the first screen in slices and lets the browser breathe between
// them, instead of one long task that blocks input on a slow phone (Lighthouse Total Blocking Time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
