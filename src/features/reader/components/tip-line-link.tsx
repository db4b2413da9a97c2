import { Link, useInRouterContext } from 'react-router';
import { Send } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { paths } from '../../../lib/paths';

const LINK_CLASS = 'inline-flex h-9 items-center gap-1 rounded-full bg-brand-800 px-4 font-semibold text-white hover:bg-brand-700';

/**
 * 'Envie sua notícia' (docs/product.md §8a), beside a story's sharing. The story's layout renders from props alone, in a
 * test too, with no router around it: there the link is a plain anchor to the same address; in the app, a router Link.
 */
export function TipLineLink() {
  const content = (
    <>
      <Icon node={Send} className="h-4 w-4" />
      Envie sua notícia
    </>
  );
  return useInRouterContext() ? (
    <Link to={paths.tipLine()} className={LINK_CLASS}>
      {content}
    </Link>
  ) : (
    <a href={paths.tipLine()} className={LINK_CLASS}>
      {content}
    </a>
  );
}
