import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Play } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { youtubePlayerUrl, youtubeWatchUrl } from '../../../lib/youtube';
import { ArticleImage } from '../components/article-image';

interface VideoFacadeProps {
  videoId: string;
  /** The story's title: it names the video for screen readers and the player's frame. */
  title: string;
  /**
   * The poster: the story's own picture, the file the page's lead image has already loaded (same source, same sizes),
   * so the poster costs no request. YouTube's thumbnail would be a request to YouTube before the reader asked for it.
   */
  posterSrc: string;
  posterSizes: string;
}

const subscribeToNothing = () => () => undefined;

/**
 * False in the server's markup and while React hydrates it, true from the first render after: React renders the
 * server snapshot during hydration and re-renders with the client's, so the two markups never disagree.
 */
function useHasHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * The story's YouTube video as a poster with a play button: nothing of YouTube (player code, thumbnail, fonts,
 * cookies) loads until the reader asks for the video; then the privacy-enhanced player takes the poster's place and
 * starts. Before the app has started the poster is a link to the video on YouTube, which works without JavaScript.
 * The box has the video's aspect ratio from the first paint: nothing below it moves when the player arrives.
 */
export function VideoFacade({ videoId, title, posterSrc, posterSizes }: VideoFacadeProps) {
  const hydrated = useHasHydrated();
  const [playing, setPlaying] = useState(false);
  const player = useRef<HTMLIFrameElement>(null);

  // The button the reader pressed is gone: keyboard focus continues in the player that replaced it.
  useEffect(() => {
    if (playing) player.current?.focus();
  }, [playing]);

  const poster = (
    <>
      <ArticleImage
        src={posterSrc}
        alt=""
        width={1200}
        height={675}
        sizes={posterSizes}
        className="absolute inset-0 h-full w-full object-cover opacity-75 transition-opacity group-hover:opacity-60"
      />
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="inline-flex items-center gap-2 rounded-full bg-brand-800 px-5 py-3 text-base font-semibold text-white shadow-lg group-hover:bg-brand-700">
          <Icon node={Play} className="h-6 w-6 fill-current" />
          {hydrated ? 'Reproduzir vídeo' : 'Assistir no YouTube'}
        </span>
      </span>
    </>
  );
  // Each control's name begins with its visible label, so a reader who speaks what is on screen reaches it.
  const control = 'group absolute inset-0 block h-full w-full cursor-pointer focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-brand-600';

  return (
    <div className="relative mt-8 aspect-video overflow-hidden rounded-lg bg-black">
      {playing ? (
        <iframe
          ref={player}
          src={youtubePlayerUrl(videoId)}
          title={`Vídeo: ${title}`}
          width={1200}
          height={675}
          className="absolute inset-0 h-full w-full"
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
          // The embed refuses to play without a referrer; the page's policy sends only the origin (edge/security-headers.ts).
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : hydrated ? (
        <button type="button" aria-label={`Reproduzir vídeo: ${title}`} className={control} onClick={() => setPlaying(true)}>
          {poster}
        </button>
      ) : (
        <a
          href={youtubeWatchUrl(videoId)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Assistir no YouTube: ${title} (abre em nova aba)`}
          className={control}
        >
          {poster}
        </a>
      )}
    </div>
  );
}
