import { describe, expect, it } from 'vitest';
import { youtubeEmbedUrl } from './youtube';

describe('youtubeEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=Xk3vQ9pLm2A', 'https://www.youtube-nocookie.com/embed/Xk3vQ9pLm2A'],
    ['https://youtu.be/Xk3vQ9pLm2A?t=10', 'https://www.youtube-nocookie.com/embed/Xk3vQ9pLm2A'],
    ['https://m.youtube.com/shorts/Xk3vQ9pLm2A', 'https://www.youtube-nocookie.com/embed/Xk3vQ9pLm2A'],
    ['https://www.youtube.com/embed/Xk3vQ9pLm2A', 'https://www.youtube-nocookie.com/embed/Xk3vQ9pLm2A'],
  ])('embeds %s from the privacy-enhanced host', (url, embed) => {
    expect(youtubeEmbedUrl(url)).toBe(embed);
  });

  it.each([
    null,
    '',
    'javascript:alert(1)',
    'https://evil.example/watch?v=Xk3vQ9pLm2A',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com.evil.example/watch?v=Xk3vQ9pLm2A',
  ])('refuses %s', (url) => {
    expect(youtubeEmbedUrl(url)).toBeNull();
  });
});
