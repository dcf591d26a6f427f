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
