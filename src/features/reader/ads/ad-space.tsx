import { useRef, type MouseEvent } from 'react';
import { Link } from 'react-router';
import type { ServingCampaign } from '../../../services/ad-campaigns';
import type { AdSpace } from '../../../types/database';
import { paths } from '../../../lib/paths';
import { isAdImageUrl, isSafeLinkUrl } from '../../../lib/safe-urls';
import { Deferred, type Later } from '../components/deferred';
import type { AdPick } from './ad-rotation';
import { useAdCounting } from './use-ad-counting';

/**
 * Each space's box at its sold size (src/services/ad-campaigns.ts AD_SPACE_SIZES): the phone variant's shape below
 * 640 px, where the space has one. The placeholder takes the same box as a creative, so whichever the page shows
 * first, nothing moves when the other replaces it (docs/decisions/0030).
 */
const BOX: Record<AdSpace, string> = {
  'banner-principal': 'max-w-[970px] aspect-[320/100] sm:aspect-[970/250]',
  'banner-lateral': 'max-w-[300px] aspect-[300/600]',
  'banner-materia': 'max-w-[728px] aspect-[320/50] sm:aspect-[728/90]',
};

/** Where the phone variant takes over: below Tailwind's `sm`, as the box's shape does. */
const PHONE_MEDIA = '(max-width: 639.98px)';

/**
 * A banner space: the creative of the campaign a page was given, labelled 'Publicidade', or the placeholder
 * 'Espaço Publicitário' with 'Saiba mais' when none serves. Rendered by the server with the page; works without
 * JavaScript (the creative is a plain link), and counts its viewable impression and its click once the app runs.
 */
export function AdSpaceBox({ space, campaign }: { space: AdSpace; campaign: ServingCampaign | null }) {
  // A row that broke the site's URL rules (an old row, a restored backup) shows the placeholder, never the address.
  const showable = campaign && isAdImageUrl(campaign.image_url) && isSafeLinkUrl(campaign.target_url) ? campaign : null;
  return (
    // The home page has two spaces: landmarks of one role need names of their own (axe's landmark-unique).
    <aside aria-label={space === 'banner-lateral' ? 'Publicidade lateral' : 'Publicidade'} data-ad-space={space} className="w-full">
      <p className="mb-1 text-center text-[11px] font-medium uppercase tracking-wider text-slate-600">Publicidade</p>
      <div className={`mx-auto w-full ${BOX[space]}`}>
        {showable ? <Creative key={showable.id} campaign={showable} /> : <AdPlaceholder space={space} />}
      </div>
    </aside>
  );
}

/** A banner space whose creative is still on its way (page data): the placeholder holds the same box until then. */
export function DeferredAdSpace({ space, pick }: { space: AdSpace; pick: Later<AdPick> }) {
  const placeholder = <AdSpaceBox space={space} campaign={null} />;
  return (
    <Deferred promise={pick} fallback={placeholder} errorElement={placeholder}>
      {(campaign) => <AdSpaceBox space={space} campaign={campaign} />}
    </Deferred>
  );
}

function Creative({ campaign }: { campaign: ServingCampaign }) {
  const link = useRef<HTMLAnchorElement>(null);
  const countClick = useAdCounting(campaign.id, link);
  // A middle click opens the advertiser's page too, in a tab of its own: it is a followed click.
  const onAuxClick = (event: MouseEvent) => {
    if (event.button === 1) countClick();
  };
  return (
    <a
      ref={link}
      href={campaign.target_url}
      target="_blank"
      rel="sponsored noopener"
      data-ad-campaign={campaign.id}
      onClick={countClick}
      onAuxClick={onAuxClick}
      className="block h-full w-full overflow-hidden rounded-lg bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <picture>
        {campaign.mobile_image_url && isAdImageUrl(campaign.mobile_image_url) && (
          <source
            media={PHONE_MEDIA}
            srcSet={campaign.mobile_image_url}
            width={campaign.mobile_image_width ?? undefined}
            height={campaign.mobile_image_height ?? undefined}
          />
        )}
        <img
          src={campaign.image_url}
          width={campaign.image_width}
          height={campaign.image_height}
          alt={campaign.alt_text}
          loading="lazy"
          // The story's own image first: a banner in view would otherwise be raised to high priority beside it.
          fetchPriority="low"
          decoding="async"
          className="block h-full w-full object-contain"
        />
      </picture>
      <span className="sr-only"> (anúncio; abre em nova aba)</span>
    </a>
  );
}

/** docs/product.md §2: the dashed 'Espaço Publicitário' box whose 'Saiba mais' opens the advertising page. */
function AdPlaceholder({ space }: { space: AdSpace }) {
  const compact = space !== 'banner-lateral';
  return (
    <div
      className={`flex h-full w-full items-center justify-center gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-100 px-4 text-center ${
        compact ? 'flex-row' : 'flex-col'
      }`}
    >
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">Espaço Publicitário</p>
      <Link to={paths.advertising()} className="rounded-md bg-brand-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
        Saiba mais
      </Link>
    </div>
  );
}
