/**
 * Ends the current task and goes on in a new one, so what the page has queued (a click, a frame to draw) runs
 * between: long work split this way is several short tasks instead of one a tap would wait behind.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
