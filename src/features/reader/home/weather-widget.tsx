import { Droplets, Sun, Wind } from 'lucide-react';
import { site } from '../../../config/site';
import { formatWeekdayDayMonth } from '../../../lib/dates';

/** docs/product.md §2: city and today's date are real; the weather values are fixed. */
export function WeatherWidget({ today = new Date() }: { today?: Date }) {
  return (
    <section aria-labelledby="clima-titulo" className="rounded-lg bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow-sm">
      <h2 id="clima-titulo" className="text-lg font-semibold">
        {site.city}, {site.state}
      </h2>
      <p className="text-sm text-brand-100">{formatWeekdayDayMonth(today)}</p>
      <div className="mt-4 flex items-center gap-4">
        <Sun aria-hidden="true" className="h-12 w-12 text-yellow-300" />
        <div>
          <p className="text-4xl font-bold">28°C</p>
          <p className="text-sm">Ensolarado</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
        <div className="flex items-center gap-2">
          <Droplets aria-hidden="true" className="h-4 w-4" />
          <dt>Umidade</dt>
          <dd className="font-semibold">65%</dd>
        </div>
        <div className="flex items-center gap-2">
          <Wind aria-hidden="true" className="h-4 w-4" />
          <dt>Vento</dt>
          <dd className="font-semibold">12 km/h</dd>
        </div>
      </dl>
    </section>
  );
}
