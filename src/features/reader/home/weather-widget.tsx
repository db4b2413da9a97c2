import { Cloud, CloudDrizzle, CloudFog, CloudLightning, CloudOff, CloudRain, CloudSnow, CloudSun, Droplets, Sun, Thermometer, Wind } from 'lucide';
import { Icon, type IconNode } from '../../../components/ui/icon';
import { site } from '../../../config/site';
import { formatWeekdayDayMonth, todayInputValue } from '../../../lib/dates';
import { useHydrated } from '../../../lib/use-hydrated';
import { weatherCondition, type WeatherAnswer, type WeatherIcon, type WeatherReading } from '../../../services/weather/weather';

const ICONS: Record<WeatherIcon, IconNode> = {
  sun: Sun,
  'cloud-sun': CloudSun,
  cloud: Cloud,
  fog: CloudFog,
  drizzle: CloudDrizzle,
  rain: CloudRain,
  snow: CloudSnow,
  storm: CloudLightning,
};

/** `2026-11-27T10:45` → `10:45`; with the day, `27/11 às 10:45`. */
function readingTime(observedAt: string, withDay: boolean): string {
  const [day = '', time = ''] = observedAt.split('T');
  const [, month, date] = day.split('-');
  return withDay ? `${date}/${month} às ${time}` : time;
}

const degrees = (value: number) => `${Math.round(value)}°C`;

function Reading({ reading, stale }: { reading: WeatherReading; stale: boolean }) {
  const condition = weatherCondition(reading.code);
  return (
    <>
      <div className="mt-4 flex items-center gap-4">
        <Icon node={ICONS[condition.icon]} className="h-12 w-12 text-yellow-300" />
        <div>
          <p className="text-4xl font-bold">{degrees(reading.temperature)}</p>
          <p className="text-sm">{condition.label}</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
        <div className="flex items-center gap-2">
          <Icon node={Droplets} className="h-4 w-4" />
          <dt>Umidade</dt>
          <dd className="font-semibold">{Math.round(reading.humidity)}%</dd>
        </div>
        <div className="flex items-center gap-2">
          <Icon node={Wind} className="h-4 w-4" />
          <dt>Vento</dt>
          <dd className="font-semibold">{Math.round(reading.wind)} km/h</dd>
        </div>
        <div className="flex items-center gap-2">
          <Icon node={Thermometer} className="h-4 w-4" />
          <dt>Mínima</dt>
          <dd className="font-semibold">{degrees(reading.min)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <Icon node={Thermometer} className="h-4 w-4" />
          <dt>Máxima</dt>
          <dd className="font-semibold">{degrees(reading.max)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-brand-100">
        {stale ? `Última leitura: ${readingTime(reading.observedAt, true)}` : `Atualizado às ${readingTime(reading.observedAt, false)}`}
        {' · '}Open-Meteo
      </p>
    </>
  );
}

/**
 * docs/product.md §2: Porto Ferreira's weather, as measured (edge/weather-proxy.ts). `answer` null: still on its way
 * (the same height, no values). Today's date is São Paulo's (src/lib/dates.ts), not the build's: the prerendered HTML
 * keeps its line empty (same height) and the app fills it in once hydrated.
 */
export function WeatherWidget({ answer, now }: { answer: WeatherAnswer | null; now?: Date }) {
  const hydrated = useHydrated();
  return (
    <section
      aria-labelledby="clima-titulo"
      aria-busy={answer === null}
      className="min-h-60 rounded-lg bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow-sm"
    >
      <h2 id="clima-titulo" className="text-lg font-semibold">
        {site.city}, {site.state}
      </h2>
      <p className="h-5 text-sm text-brand-100">{hydrated ? formatWeekdayDayMonth(todayInputValue(now)) : '\u00a0'}</p>
      {answer === null ? null : answer.reading ? (
        <Reading reading={answer.reading} stale={answer.stale} />
      ) : (
        <div className="mt-6 flex items-center gap-3">
          <Icon node={CloudOff} className="h-8 w-8 text-brand-100" />
          <p className="font-semibold">Previsão indisponível</p>
        </div>
      )}
    </section>
  );
}
