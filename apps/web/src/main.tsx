import './app/mantine-participant.css';
import './app/global.css';
import './shared/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { captureInstallPrompt } from './features/app-links/installPrompt';

// Before any screen loads: the browser's install offer can arrive early and only once.
captureInstallPrompt();

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
