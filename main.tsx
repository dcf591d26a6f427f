import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppRouter } from './routes/router';
import { initErrorReporting, readObservabilityConfig } from './ui/observability';
import './ui/styles/index.css';

// Before the first render, so that a failure while starting up is reported too. Off without a DSN.
const observability = readObservabilityConfig();
void initErrorReporting({ dsn: observability.sentryDsn, environment: observability.environment });

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
