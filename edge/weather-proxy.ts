import { NO_WEATHER, readingFrom, WEATHER_PATH, type WeatherAnswer, type WeatherReading } from '../src/services/weather/weather';

// The site's weather, `GET /api/weather`: Porto Ferreira's current reading and today's range from Open-Meteo (free,
// no key), asked at most once per 30 minutes per process and shared by every page. When Open-Meteo cannot be reached
// the last good reading goes out marked stale, or none: the widget never shows a value nobody measured. Web platform
// APIs only, so the Node server, the Vite servers and a Worker run the same code.

export { WEATHER_PATH };

export const DEFAULT_WEATHER_API_URL = 'https://api.open-meteo.com/v1';
/** Porto Ferreira (SP), the city hall's coordinates. */
export const PORTO_FERREIRA = { latitude: -21.8539, longitude: -47.4789 } as const;
export const WEATHER_FRESH_MS = 30 * 60_000;
export const WEATHER_UPSTREAM_TIMEOUT_MS = 3_000;
/** After a failure, how long the proxy answers from what it has before asking again. */
export const WEATHER_RETRY_AFTER_MS = 5 * 60_000;

export interface WeatherProxyOptions {
  /** Open-Meteo's base (WEATHER_API_URL); tests point it at a server with recorded answers. */
  baseUrl: string;
  fetch: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

/** The forecast request: current conditions and today's range, in São Paulo's time. */
export function forecastUrl(baseUrl: string): string {
  const query = new URLSearchParams({
    latitude: String(PORTO_FERREIRA.latitude),
    longitude: String(PORTO_FERREIRA.longitude),
    current: 'temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m',
    daily: 'temperature_2m_max,temperature_2m_min',
    timezone: 'America/Sao_Paulo',
    forecast_days: '1',
  });
  return `${baseUrl.replace(/\/+$/, '')}/forecast?${query.toString()}`;
}

const first = (value: unknown): unknown => (Array.isArray(value) ? (value as unknown[])[0] : undefined);

/** Open-Meteo's forecast answer as a reading, or null when it lacks any value the widget shows. */
export function readingFromForecast(body: unknown): WeatherReading | null {
  if (typeof body !== 'object' || body === null) return null;
  const { current, daily } = body as { current?: Record<string, unknown>; daily?: Record<string, unknown> };
  if (!current || !daily) return null;
  return readingFrom({
    temperature: current.temperature_2m,
    code: current.weather_code,
    humidity: current.relative_humidity_2m,
    wind: current.wind_speed_10m,
    min: first(daily.temperature_2m_min),
    max: first(daily.temperature_2m_max),
    observedAt: current.time,
  });
}

/** The `/api/weather` handler, with its reading kept in memory for the life of the process (or Worker isolate). */
export function createWeatherProxy(options: WeatherProxyOptions): () => Promise<Response> {
  const now = options.now ?? (() => Date.now());
  const timeoutMs = options.timeoutMs ?? WEATHER_UPSTREAM_TIMEOUT_MS;
  let kept: { reading: WeatherReading; fetchedAt: number } | null = null;
  let retryAt = 0;
  let asking: Promise<void> | null = null;

  async function ask(): Promise<void> {
    try {
      const response = await options.fetch(forecastUrl(options.baseUrl), {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`Open-Meteo answered ${response.status}`);
      const reading = readingFromForecast(await response.json());
      if (!reading) throw new Error('Open-Meteo answered without a complete reading');
      kept = { reading, fetchedAt: now() };
    } catch (error) {
      retryAt = now() + WEATHER_RETRY_AFTER_MS;
      const outcome = kept ? `the reading of ${kept.reading.observedAt} stays` : 'no reading to show';
      console.error(`weather: ${error instanceof Error ? error.message : String(error)}; ${outcome}, asking again in 5 minutes`);
    }
  }

  async function answer(): Promise<WeatherAnswer> {
    const fresh = kept && now() - kept.fetchedAt < WEATHER_FRESH_MS;
    if (!fresh && now() >= retryAt) {
      // Requests that arrive meanwhile share the one question to Open-Meteo.
      asking ??= ask().finally(() => (asking = null));
      await asking;
    }
    if (!kept) return NO_WEATHER;
    return { reading: kept.reading, stale: now() - kept.fetchedAt >= WEATHER_FRESH_MS };
  }

  return async () => {
    const body = await answer();
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        // A fresh reading may be kept by browsers and caches for a few minutes; anything less, not at all.
        'Cache-Control': body.reading && !body.stale ? 'public, max-age=300' : 'no-store',
      },
    });
  };
}
