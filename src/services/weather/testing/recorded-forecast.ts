// An answer of Open-Meteo's forecast endpoint for Porto Ferreira, in the shape recorded from
// `GET /v1/forecast?latitude=-21.8539&longitude=-47.4789&current=temperature_2m,relative_humidity_2m,weather_code,
// wind_speed_10m&daily=temperature_2m_max,temperature_2m_min&timezone=America/Sao_Paulo&forecast_days=1`.
// Tests serve it from a local HTTP server: the service is a third party.

export const RECORDED_FORECAST = {
  latitude: -21.875,
  longitude: -47.5,
  generationtime_ms: 0.0311136245727539,
  utc_offset_seconds: -10800,
  timezone: 'America/Sao_Paulo',
  timezone_abbreviation: 'GMT-3',
  elevation: 553,
  current_units: {
    time: 'iso8601',
    interval: 'seconds',
    temperature_2m: '°C',
    relative_humidity_2m: '%',
    weather_code: 'wmo code',
    wind_speed_10m: 'km/h',
  },
  current: {
    time: '2026-11-27T10:45',
    interval: 900,
    temperature_2m: 27.4,
    relative_humidity_2m: 58,
    weather_code: 2,
    wind_speed_10m: 11.2,
  },
  daily_units: { time: 'iso8601', temperature_2m_max: '°C', temperature_2m_min: '°C' },
  daily: { time: ['2026-11-27'], temperature_2m_max: [31.6], temperature_2m_min: [19.3] },
} as const;

/** The reading the site makes of it (edge/weather-proxy.ts). */
export const RECORDED_READING = {
  temperature: 27.4,
  code: 2,
  humidity: 58,
  wind: 11.2,
  min: 19.3,
  max: 31.6,
  observedAt: '2026-11-27T10:45',
} as const;
