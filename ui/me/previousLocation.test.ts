import { describe, expect, it } from 'vitest';
import { previousLocationOf } from './previousLocation';

const cookie = (value: unknown) =>
  `theme=dark; previousLocation=${encodeURIComponent(JSON.stringify(value))}; x=1`;

describe('previousLocationOf (spec 2 Me page back link)', () => {
  it('reads link and title from the cookie', () => {
    expect(previousLocationOf(cookie({ link: 'https://app.example/feed', title: 'Feed' }), '')).toEqual({
      link: 'https://app.example/feed',
      title: 'Feed',
    });
    expect(previousLocationOf(cookie({ link: '/root/lists' }), '')).toEqual({
      link: '/root/lists',
      title: '',
    });
  });

  it('has no back link without the cookie, with a broken one, or with a link that is not http(s)', () => {
    expect(previousLocationOf('theme=dark', '')).toBeNull();
    expect(previousLocationOf('previousLocation=%7Bnot-json', '')).toBeNull();
    expect(previousLocationOf(cookie({ link: 'javascript:alert(1)', title: 'x' }), '')).toBeNull();
    expect(previousLocationOf(cookie({ link: '//evil.example/' }), '')).toBeNull();
    expect(previousLocationOf(cookie({ title: 'no link' }), '')).toBeNull();
  });

  it('hides the back link when the visitor came from a register page', () => {
    const value = cookie({ link: 'https://app.example/feed', title: 'Feed' });
    expect(previousLocationOf(value, 'https://account.example/root/register?token=a')).toBeNull();
    expect(previousLocationOf(value, 'https://account.example/root/start')).toBeNull();
    expect(previousLocationOf(value, 'https://account.example/root/login')).not.toBeNull();
  });
});
