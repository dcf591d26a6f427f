import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { enableFakeApiIfRequested } from './api/fake/enable';
import { createAppRouter } from './routes/router';
import { initErrorReporting, readObservabilityConfig } from './ui/observability';
import './ui/styles/index.css';

// Before the first render, so that a failure while starting up is reported too. Off without a DSN.
const observability = readObservabilityConfig();
void initErrorReporting({ dsn: observability.sentryDsn, environment: observability.environment });

// The development fake service (spec 1, `npm run dev:fake`) must answer the app's very first call, so the app
// renders only once it runs. Without the flag this resolves at once and MSW is never loaded.
void enableFakeApiIfRequested().then(() => {
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
