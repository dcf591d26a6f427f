/**
 * The strength bar's judge (docs/decisions.md: The strength bar is judged by the server): one worker thread per
 * server process runs zxcvbn (judgeWorker.ts), one judgement at a time, with a few waiting at most. zxcvbn's time
 * grows steeply on long repetitive input (seconds at 128 characters), so each judgement has a deadline counted from
 * when the thread starts on it: past it the thread is ended (nothing else stops a synchronous loop), a new one is
 * started, and the answer is "no judgement" (null). A full queue answers null at once. The thread that answers
 * requests never runs zxcvbn, so a slow judgement delays no other call.
 *
 * The thread starts on the first judgement (or warm(), which server/main.ts calls), so test apps that never judge
 * start none; close() ends it (the server's stop, a test app's close).
 */
import { Worker } from 'node:worker_threads';
import type { PasswordStrengthRequest } from '../../api/contract/strength';
import type { JudgeTask, WorkerMessage } from './judgeMessages';

/**
 * Measured (strengthFixture.test.ts, judge.test.ts): the fifty fixture passwords take 2-160 ms each on a quiet run
 * and up to ~490 ms with the machine loaded twice over; 128 repeated characters take 0.7-1 s on a quiet machine
 * and 2-5 s loaded. 1 s judges all fifty with room to spare and bounds what the hostile ones cost.
 */
export const STRENGTH_DEADLINE_MS = 1000;
/** Judgements waiting behind the running one; a person's call waits at most this many deadlines. */
export const STRENGTH_QUEUE_MAX = 4;

export interface JudgeOptions {
  deadlineMs?: number;
  queueMax?: number;
}

export interface JudgeOutcome {
  /** 0..4, or null: no judgement (busy, past the deadline, closed, or the thread failed). */
  score: number | null;
  /** How long the thread worked on it (0 when it never started): what the rate limit charges. */
  spentMs: number;
  /** It ran past the deadline, so its thread was replaced (a start the rate limit charges too). */
  overran: boolean;
}

const NO_JUDGEMENT: JudgeOutcome = { score: null, spentMs: 0, overran: false };

const ENTRY = new URL('./judgeWorkerEntry.mjs', import.meta.url);

/** One worker thread and the one judgement it may be working on. */
class JudgeThread {
  private readonly worker = new Worker(ENTRY);
  readonly ready: Promise<void>;
  private current: { id: number; answer: (score: number | null) => void } | null = null;
  private lost = false;

  constructor() {
    // A judge thread never keeps a process alive on its own.
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') resolve();
        else if (this.current?.id === message.id) this.settle(message.score);
      });
      const lose = (error: Error) => {
        this.lost = true;
        reject(error);
        this.settle(null);
      };
      // An unhandled 'error' of a Worker would throw in this thread: a failed start or a crash is no judgement.
      this.worker.on('error', lose);
      this.worker.on('exit', (code) => lose(new Error(`the judge thread exited (${code})`)));
    });
    this.ready.catch(() => {});
  }

  get usable(): boolean {
    return !this.lost;
  }

  score(task: JudgeTask): Promise<number | null> {
    return new Promise((answer) => {
      this.current = { id: task.id, answer };
      this.worker.postMessage(task);
    });
  }

  async end(): Promise<void> {
    this.lost = true;
    await this.worker.terminate();
  }

  private settle(score: number | null): void {
    const current = this.current;
    this.current = null;
    current?.answer(score);
  }
}

interface Job {
  request: PasswordStrengthRequest;
  signal: AbortSignal | undefined;
  done: (outcome: JudgeOutcome) => void;
}

export class StrengthJudge {
  private readonly deadlineMs: number;
  private readonly queueMax: number;
  private thread: JudgeThread | null = null;
  private readonly waiting: Job[] = [];
  private running = false;
  private closed = false;
  private nextId = 1;

  constructor(options: JudgeOptions = {}) {
    this.deadlineMs = options.deadlineMs ?? STRENGTH_DEADLINE_MS;
    this.queueMax = options.queueMax ?? STRENGTH_QUEUE_MAX;
  }

  /** Starts the thread ahead of the first judgement (its dictionaries take a second to build). */
  warm(): void {
    if (!this.closed) this.threadNow();
  }

  /** A judgement; `signal` drops it while it still waits (the caller went away, or typed on). */
  judge(request: PasswordStrengthRequest, signal?: AbortSignal): Promise<JudgeOutcome> {
    if (this.closed || this.waiting.length >= this.queueMax) return Promise.resolve(NO_JUDGEMENT);
    return new Promise((done) => {
      this.waiting.push({ request, signal, done });
      void this.pump();
    });
  }

  /** Ends the thread; whatever waits or runs is answered "no judgement". */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.done(NO_JUDGEMENT);
    const thread = this.thread;
    this.thread = null;
    await thread?.end();
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let job = this.waiting.shift(); job; job = this.waiting.shift())
        job.done(job.signal?.aborted ? NO_JUDGEMENT : await this.run(job.request));
    } finally {
      this.running = false;
    }
  }

  private async run(request: PasswordStrengthRequest): Promise<JudgeOutcome> {
    if (this.closed) return NO_JUDGEMENT;
    const thread = this.threadNow();
    try {
      await thread.ready;
    } catch {
      this.forget(thread);
      return NO_JUDGEMENT;
    }
    const task: JudgeTask = {
      id: this.nextId++,
      password: request.password,
      language: request.language,
      userInputs: request.userInputs,
    };
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const overrun = new Promise<'overrun'>((resolve) => {
      timer = setTimeout(() => resolve('overrun'), this.deadlineMs);
    });
    const score = await Promise.race([thread.score(task), overrun]);
    clearTimeout(timer);
    const spentMs = performance.now() - started;
    if (score === 'overrun') {
      // zxcvbn cannot be interrupted: the thread goes, and a new one starts building its dictionaries now.
      this.forget(thread);
      if (!this.closed) this.threadNow();
      return { score: null, spentMs, overran: true };
    }
    if (!thread.usable) this.forget(thread);
    return { score, spentMs, overran: false };
  }

  private threadNow(): JudgeThread {
    this.thread ??= new JudgeThread();
    return this.thread;
  }

  private forget(thread: JudgeThread): void {
    if (this.thread === thread) this.thread = null;
    void thread.end();
  }
}
