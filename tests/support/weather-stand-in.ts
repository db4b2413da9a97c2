import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RECORDED_FORECAST } from '../../src/services/weather/testing/recorded-forecast.ts';

// A stand-in for Open-Meteo on 127.0.0.1 (the service is a third party): answers the forecast endpoint with the
// recorded answer, or drops every connection while it is 'down'. The journeys' and perf's app asks it through
// WEATHER_API_URL.

export type WeatherServiceState = 'up' | 'down';

export interface WeatherStandIn {
  /** Open-Meteo's base as WEATHER_API_URL takes it: `http://127.0.0.1:<port>/v1`. */
  url: string;
  set(state: WeatherServiceState): void;
  stop(): Promise<void>;
}

export async function startWeatherStandIn(): Promise<WeatherStandIn> {
  let state: WeatherServiceState = 'up';
  const server = createServer((request, response) => {
    if (state === 'down') {
      response.socket?.destroy();
      return;
    }
    if (!request.url?.startsWith('/v1/forecast?')) {
      response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":true,"reason":"Not Found"}');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(RECORDED_FORECAST));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    set: (next) => (state = next),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
