import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import type { AppRouter } from './router';

/**
 * The app's top, the same on the server that draws a first screen (routes/firstScreen.tsx) and in the browser that
 * hydrates it (main.tsx), so both trees match. `onLive` runs once the screen is the app's: the browser then lets
 * the visitor use it (the drawn page arrives inert, so no form of it can go out as a plain HTML form, with the
 * password in the address, before the app handles it).
 */
export function AppRoot({ router, onLive }: { router: AppRouter; onLive?: () => void }) {
  useEffect(() => {
    onLive?.();
  }, [onLive]);
  return (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
}
