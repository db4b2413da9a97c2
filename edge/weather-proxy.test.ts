// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORDED_FORECAST, RECORDED_READING } from '../src/services/weather/testing/recorded-forecast.ts';
import { getWeather } from '../src/services/weather/weather';
import { createWeatherProxy, forecastUrl, PORTO_FERREIRA, WEATHER_FRESH_MS, WEATHER_RETRY_AFTER_MS } from './weather-proxy';

// The proxy against a real HTTP stand-in for Open-Meteo on 127.0.0.1, serving the recorded answer or failing as each
// test says; every request is recorded. Time is the proxy's injected clock.

type Reply = (request: IncomingMessage, response: ServerResponse) => void;

let upstream: Server;
let baseUrl: string;
let reply: Reply;
const requests: URL[] = [];

const json = (status: number, body: unknown): Reply => (_request, response) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};
const recorded = json(200, RECORDED_FORECAST);

beforeAll(async () => {
  upstream = createServer((request, response) => {
    requests.push(new URL(request.url ?? '/', 'http://open-meteo.test'));
    reply(request, response);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

let clock: number;
beforeEach(() => {
  requests.length = 0;
  reply = recorded;
  clock = Date.UTC(2026, 10, 27, 13, 50);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

function proxy(timeoutMs = 2_000) {
  const answer = createWeatherProxy({ baseUrl, fetch: (input, init) => fetch(input, init), now: () => clock, timeoutMs });
  // As the page asks it: through the weather service's own reader, the site's answer parsed the way the widget gets it.
  return { answer, read: () => getWeather({ fetchImpl: () => answer() }) };
}

describe('GET /api/weather (edge/weather-proxy.ts)', () => {
  it("asks Open-Meteo for Porto Ferreira's current conditions and today's range, in São Paulo's time", async () => {
    const { answer } = proxy();
    const response = await answer();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await response.json()).toEqual({ reading: RECORDED_READING, stale: false });
    expect(requests).toHaveLength(1);
    const query = requests[0]!.searchParams;
    expect(requests[0]!.pathname).toBe('/v1/forecast');
    expect(Number(query.get('latitude'))).toBe(PORTO_FERREIRA.latitude);
    expect(Number(query.get('longitude'))).toBe(PORTO_FERREIRA.longitude);
    expect(query.get('current')).toBe('temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m');
    expect(query.get('daily')).toBe('temperature_2m_max,temperature_2m_min');
    expect(query.get('timezone')).toBe('America/Sao_Paulo');
    expect(forecastUrl(`${baseUrl}/`)).toBe(forecastUrl(baseUrl));
  });

  it('keeps a reading for 30 minutes: every page meanwhile is answered without asking again', async () => {
    const { read } = proxy();
    const [a, b] = await Promise.all([read(), read()]);
    expect(a).toEqual({ reading: RECORDED_READING, stale: false });
    expect(b).toEqual(a);
    clock += WEATHER_FRESH_MS - 1;
    expect(await read()).toEqual(a);
    expect(requests).toHaveLength(1);
    clock += 1;
    await read();
    expect(requests).toHaveLength(2);
  });

  it('with Open-Meteo failing, answers the last good reading marked stale, and asks again only after a pause', async () => {
    const { read } = proxy();
    await read();
    clock += WEATHER_FRESH_MS;
    reply = json(503, { error: true, reason: 'Service unavailable' });
    expect(await read()).toEqual({ reading: RECORDED_READING, stale: true });
    expect(await read()).toEqual({ reading: RECORDED_READING, stale: true });
    expect(requests).toHaveLength(2);
    clock += WEATHER_RETRY_AFTER_MS;
    reply = recorded;
    expect(await read()).toEqual({ reading: RECORDED_READING, stale: false });
    expect(requests).toHaveLength(3);
  });

  it('never invents a reading: none at all when Open-Meteo was never reached, answered no-store', async () => {
    const { answer, read } = proxy(300);
    reply = () => undefined; // Hangs past the proxy's wait.
    const response = await answer();
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ reading: null, stale: false });
    reply = json(200, { ...RECORDED_FORECAST, current: { ...RECORDED_FORECAST.current, temperature_2m: null } });
    clock += WEATHER_RETRY_AFTER_MS;
    expect(await read()).toEqual({ reading: null, stale: false });
  });

  it('a page asking a site that cannot answer gets no reading, not an error', async () => {
    expect(await getWeather({ fetchImpl: () => Promise.reject(new TypeError('fetch failed')) })).toEqual({ reading: null, stale: false });
    expect(await getWeather({ fetchImpl: () => Promise.resolve(new Response('<html>', { status: 502 })) })).toEqual({ reading: null, stale: false });
    expect(await getWeather({ fetchImpl: () => Promise.resolve(Response.json({ reading: { temperature: '28' } })) })).toEqual({ reading: null, stale: false });
  });
});
