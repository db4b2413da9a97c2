import { Droplets, Sun, Wind } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { site } from '../../../config/site';
import { formatWeekdayDayMonth, todayInputValue } from '../../../lib/dates';
import { useHydrated } from '../../../lib/use-hydrated';

/**
 * docs/product.md §2: city and today's date are real; the weather values are fixed. The date is today's in São Paulo
 * (src/lib/dates.ts), not the build's: the prerendered HTML keeps its line empty (same height) and the app fills it in
 * once hydrated.
 */
export function WeatherWidget({ now }: { now?: Date }) {
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="clima-titulo" className="rounded-lg bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow-sm">
      <h2 id="clima-titulo" className="text-lg font-semibold">
        {site.city}, {site.state}
      </h2>
      <p className="h-5 text-sm text-brand-100">{hydrated ? formatWeekdayDayMonth(todayInputValue(now)) : '\u00a0'}</p>
      <div className="mt-4 flex items-center gap-4">
        <Icon node={Sun} className="h-12 w-12 text-yellow-300" />
        <div>
          <p className="text-4xl font-bold">28°C</p>
          <p className="text-sm">Ensolarado</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
        <div className="flex items-center gap-2">
          <Icon node={Droplets} className="h-4 w-4" />
          <dt>Umidade</dt>
          <dd className="font-semibold">65%</dd>
        </div>
        <div className="flex items-center gap-2">
          <Icon node={Wind} className="h-4 w-4" />
          <dt>Vento</dt>
          <dd className="font-semibold">12 km/h</dd>
        </div>
      </dl>
    </section>
  );
}
