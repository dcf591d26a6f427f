/**
 * The one way a machine reads what an invoked actor answered (machines/form/README.md): the answer is handed to a
 * named action or guard as its params, `params: output`, on the invoke's own onDone. The done event's output is
 * typed by the slot the invoke runs, and the action or guard declares the type it takes, so the compiler checks
 * the two agree; no cast, no reading of `event` inside the action.
 *
 *   keepSessions: assign((_, sessions: DeviceSession[]) => ({ sessions })),
 *   onDone: { target: 'showing', actions: { type: 'keepSessions', params: output } },
 */
export const output = <T>({ event }: { event: { output: T } }): T => event.output;

/**
 * An invoke's onDone that keeps the answer (the action `keep`, given it as `params: output`) and goes on by it: to
 * `to` when the guard `when` holds of the answer, else to `otherwise` (an undo that answered a reset token goes on
 * to set a password; a recovery review with nothing to review finishes at once).
 */
export const keepAnswerThen = <
  When extends string,
  Keep extends string,
  To extends string,
  Otherwise extends string,
>({
  when,
  keep,
  to,
  otherwise,
}: {
  when: When;
  keep: Keep;
  to: To;
  otherwise: Otherwise;
}) =>
  [
    { guard: { type: when, params: output }, target: to, actions: { type: keep, params: output } },
    { target: otherwise, actions: { type: keep, params: output } },
  ] as const;
