import { describe, expect, it } from 'vitest';
import { canonicalYoutubeUrl, youtubePlayerUrl, youtubeVideoId } from './youtube';

describe('youtubeVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  youtu.be/dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
  ])('reads %s', (input, id) => {
    expect(youtubeVideoId(input)).toBe(id);
  });

  it.each([
    null,
    '',
    'https://vimeo.com/123456',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC123',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'ftp://youtu.be/dQw4w9WgXcQ',
    'não é um link',
    // The database's rule (src/lib/safe-urls.ts): no user-info, no port, the exact hosts.
    'https://evil.example@youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com@evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com:443/watch?v=dQw4w9WgXcQ',
    'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://evil.example/?next=https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  ])('refuses %s', (input) => {
    expect(youtubeVideoId(input)).toBeNull();
  });
});

describe('what is stored and what readers embed', () => {
  it('stores one canonical address and plays it from the privacy-enhanced host, even when pasted without scheme', () => {
    const stored = canonicalYoutubeUrl('youtu.be/dQw4w9WgXcQ?si=abc');
    expect(stored).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(youtubePlayerUrl(youtubeVideoId(stored)!)).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
  });

  it('stores nothing for an address that is not a video', () => {
    expect(canonicalYoutubeUrl('https://vimeo.com/1')).toBeNull();
  });
});
