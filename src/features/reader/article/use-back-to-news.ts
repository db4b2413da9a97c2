import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * 'Voltar para as notícias': back through history when the reader came from within the site (so the previous page
 * and its scroll position return), home when the article was opened directly from a shared link.
 */
export function useBackToNews(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const cameFromSite = location.key !== 'default';
  return useCallback(() => {
    if (cameFromSite) void navigate(-1);
    else void navigate(paths.home());
  }, [cameFromSite, navigate]);
}
