import { ArrowLeft } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** The link above a reader page's content back to the home page. */
export function BackToHomeLink() {
  return (
    <Link to={paths.home()} className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline">
      <Icon node={ArrowLeft} className="h-4 w-4" />
      Voltar para a página inicial
    </Link>
  );
}
