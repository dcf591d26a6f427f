/**
 * The avatar paths' ids stay the same from one run to the next: their events carry File objects, whose time must
 * not be the run's (a shared `/flows/avatarUpload?path=<id>` and `-t <id>` would stop working after the next run).
 */
import { afterEach, expect, it, vi } from 'vitest';
import { modelFor } from '../../test/model';

/** The model's path ids with the samples module made afresh at `time`. */
const pathIdsAt = async (time: number): Promise<string[]> => {
  vi.setSystemTime(time);
  vi.resetModules();
  const { avatarUploadMachine } = await import('./avatarUpload.machine');
  const { avatarUploadSamples } = await import('./avatarUpload.samples');
  const model = modelFor(avatarUploadMachine, {
    ...avatarUploadSamples,
    implementations: { actions: { reportImage: () => {} } },
  });
  return model.paths().map((path) => path.id);
};

afterEach(() => {
  vi.useRealTimers();
});

it('gives every path the same id whenever its samples were made', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const earlier = await pathIdsAt(Date.UTC(2026, 5, 1, 12));
  const later = await pathIdsAt(Date.UTC(2027, 2, 3, 4, 5, 6));
  expect(earlier.length).toBeGreaterThan(0);
  expect(later).toEqual(earlier);
});
