// Porto Ferreira's weather as the home page shows it: read from the site's own `GET /api/weather`
// (edge/weather-proxy.ts), which asks Open-Meteo and keeps the last good reading. Never an invented value: without a
// reading the widget says so.

export const WEATHER_PATH = '/api/weather';

/** How long the page waits for the site's own answer; the proxy's own wait on Open-Meteo is shorter. */
export const WEATHER_TIMEOUT_MS = 8_000;

/** What the widget shows of one reading. Temperatures in °C, wind in km/h, humidity in %. */
export interface WeatherReading {
  temperature: number;
  /** WMO weather interpretation code (Open-Meteo's `weather_code`). */
  code: number;
  humidity: number;
  wind: number;
  /** Today's minimum and maximum in Porto Ferreira. */
  min: number;
  max: number;
  /** When the reading was taken, São Paulo time, as Open-Meteo says it: `2026-11-27T10:45`. */
  observedAt: string;
}

/**
 * The proxy's answer. `stale`: the service could not be reached just now, and this is the last good reading.
 * `reading: null`: there has been none.
 */
export interface WeatherAnswer {
  reading: WeatherReading | null;
  stale: boolean;
}

export const NO_WEATHER: WeatherAnswer = { reading: null, stale: false };

export type WeatherIcon = 'sun' | 'cloud-sun' | 'cloud' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'storm';

interface Condition {
  label: string;
  icon: WeatherIcon;
}

/** The WMO codes Open-Meteo documents, in pt-BR. */
const CONDITIONS: Record<number, Condition> = {
  0: { label: 'Céu limpo', icon: 'sun' },
  1: { label: 'Predominantemente limpo', icon: 'sun' },
  2: { label: 'Parcialmente nublado', icon: 'cloud-sun' },
  3: { label: 'Nublado', icon: 'cloud' },
  45: { label: 'Nevoeiro', icon: 'fog' },
  48: { label: 'Nevoeiro com geada', icon: 'fog' },
  51: { label: 'Garoa fraca', icon: 'drizzle' },
  53: { label: 'Garoa moderada', icon: 'drizzle' },
  55: { label: 'Garoa intensa', icon: 'drizzle' },
  56: { label: 'Garoa congelante fraca', icon: 'drizzle' },
  57: { label: 'Garoa congelante intensa', icon: 'drizzle' },
  61: { label: 'Chuva fraca', icon: 'rain' },
  63: { label: 'Chuva moderada', icon: 'rain' },
  65: { label: 'Chuva forte', icon: 'rain' },
  66: { label: 'Chuva congelante fraca', icon: 'rain' },
  67: { label: 'Chuva congelante forte', icon: 'rain' },
  71: { label: 'Neve fraca', icon: 'snow' },
  73: { label: 'Neve moderada', icon: 'snow' },
  75: { label: 'Neve forte', icon: 'snow' },
  77: { label: 'Grãos de neve', icon: 'snow' },
  80: { label: 'Pancadas de chuva fracas', icon: 'rain' },
  81: { label: 'Pancadas de chuva moderadas', icon: 'rain' },
  82: { label: 'Pancadas de chuva fortes', icon: 'rain' },
  85: { label: 'Pancadas de neve fracas', icon: 'snow' },
  86: { label: 'Pancadas de neve fortes', icon: 'snow' },
  95: { label: 'Trovoada', icon: 'storm' },
  96: { label: 'Trovoada com granizo fraco', icon: 'storm' },
  99: { label: 'Trovoada com granizo forte', icon: 'storm' },
};

/** The condition of a WMO code; a code the list lacks says what it can without guessing. */
export function weatherCondition(code: number): Condition {
  return CONDITIONS[code] ?? { label: 'Condição não informada', icon: 'cloud' };
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A reading as the proxy sends it, or null for anything else. */
export function readingFrom(value: unknown): WeatherReading | null {
  if (typeof value !== 'object' || value === null) return null;
  const { temperature, code, humidity, wind, min, max, observedAt } = value as Record<string, unknown>;
  if (!isNumber(temperature) || !isNumber(code) || !isNumber(humidity) || !isNumber(wind) || !isNumber(min) || !isNumber(max)) return null;
  if (typeof observedAt !== 'string' || !LOCAL_TIME.test(observedAt)) return null;
  return { temperature, code, humidity, wind, min, max, observedAt };
}

export interface WeatherSourceOptions {
  /** The site's origin: '' asks the page's own with a relative URL; the server's render passes the edge's. */
  origin?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/** The site's weather answer; never throws: a failure is "no reading". */
export async function getWeather(options: WeatherSourceOptions = {}): Promise<WeatherAnswer> {
  const fetchImpl = options.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  try {
    const response = await fetchImpl(`${options.origin ?? ''}${WEATHER_PATH}`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? WEATHER_TIMEOUT_MS),
    });
    if (!response.ok) return NO_WEATHER;
    const body = (await response.json()) as { reading?: unknown; stale?: unknown };
    const reading = readingFrom(body.reading);
    return reading ? { reading, stale: body.stale === true } : NO_WEATHER;
  } catch {
    return NO_WEATHER;
  }
}
