import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * Where 'Voltar para as notícias' leads. It is a link to `href`, so it works before the app has started (and opens
 * in a new tab when asked); once the app runs, a plain click calls `follow` instead.
 */
export interface BackTarget {
  href: string;
  follow: () => void;
}

/**
 * 'Voltar para as notícias': back through history when the reader came from within the site (so the previous page
 * and its scroll position return), home when the article was opened directly from a shared link.
 */
export function useBackToNews(): BackTarget {
  const navigate = useNavigate();
  const location = useLocation();
  const cameFromSite = location.key !== 'default';
  const follow = useCallback(() => {
    if (cameFromSite) void navigate(-1);
    else void navigate(paths.home());
  }, [cameFromSite, navigate]);
  return useMemo(() => ({ href: paths.home(), follow }), [follow]);
}
