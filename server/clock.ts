/** Time as the server sees it; injected so tests can move it (token expiry, TOTP steps, lockout windows). */
export interface Clock {
  now: () => Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to. */
export interface ManualClock extends Clock {
  set: (at: Date | number) => void;
  advance: (ms: number) => void;
}

export const manualClock = (start: Date | number = Date.UTC(2026, 0, 15, 9, 0, 0)): ManualClock => {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
};
