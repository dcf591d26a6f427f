import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkAnswer, ROWS_PER_SLICE } from './checkAnswer';
import { ChannelsAnswerWire, type ChannelWire } from './contract';

const wireChannel = (n: number): ChannelWire => ({
  id: n,
  name: `Channel ${n}`,
  subdomain: `chan${n}`,
  role: 'reader',
  ownerName: n % 3 ? 'Ada' : null,
  organisationName: 'Acme',
  created: new Date(Date.UTC(2024, 0, 1 + (n % 300))).toISOString(),
  updated: n % 2 ? undefined : new Date(Date.UTC(2025, 0, 1)).toISOString(),
  archived: n % 17 === 0,
  url: `https://chan${n}.example.test`,
});
/** More than three slices, the last one short. */
const LONG = Array.from({ length: ROWS_PER_SLICE * 3 + 7 }, (_, n) => wireChannel(n + 1));

describe('checkAnswer (answers against their wire schema)', () => {
  it('checks a long list a slice at a time to the same output as the whole list at once', async () => {
    expect(await checkAnswer(ChannelsAnswerWire, LONG)).toEqual({
      output: v.parse(ChannelsAnswerWire, LONG),
    });
  });

  it('refuses a long list whose last slice holds a row that does not fit', async () => {
    const broken = [...LONG.slice(0, -1), { ...wireChannel(0), name: 42 }];
    expect(await checkAnswer(ChannelsAnswerWire, broken)).toBeUndefined();
    expect(await checkAnswer(ChannelsAnswerWire, { data: LONG })).toBeUndefined();
  });

  it('gives the page the main thread between slices', async () => {
    const order: string[] = [];
    const checked = checkAnswer(ChannelsAnswerWire, LONG).then(() => order.push('checked'));
    setTimeout(() => order.push('page'), 0);
    await checked;
    expect(order).toEqual(['page', 'checked']);
  });

  it('checks a list with rules on the whole array (a pipe) at once, so those rules hold', async () => {
    const atMost = v.pipe(ChannelsAnswerWire, v.maxLength(ROWS_PER_SLICE * 2));
    expect(await checkAnswer(atMost, LONG)).toBeUndefined();
    expect(await checkAnswer(atMost, LONG.slice(0, ROWS_PER_SLICE * 2))).toEqual({
      output: v.parse(atMost, LONG.slice(0, ROWS_PER_SLICE * 2)),
    });
  });
});
