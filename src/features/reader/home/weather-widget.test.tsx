import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RECORDED_READING } from '../../../services/weather/testing/recorded-forecast';
import { weatherCondition } from '../../../services/weather/weather';
import { WeatherWidget } from './weather-widget';

const NOW = new Date('2026-11-27T12:00:00-03:00');

describe('WeatherWidget', () => {
  it("shows the city, today's date in São Paulo, and the reading: temperature, condition, humidity, wind, range and its time", () => {
    render(<WeatherWidget answer={{ reading: RECORDED_READING, stale: false }} now={NOW} />);
    expect(screen.getByRole('heading', { name: 'Porto Ferreira, SP' })).toBeInTheDocument();
    expect(screen.getByText('Sexta-feira, 27 de novembro')).toBeInTheDocument();
    expect(screen.getByText('27°C')).toBeInTheDocument();
    expect(screen.getByText('Parcialmente nublado')).toBeInTheDocument();
    const values = Object.fromEntries(
      Array.from(document.querySelectorAll('dt')).map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(values).toEqual({ Umidade: '58%', Vento: '11 km/h', Mínima: '19°C', Máxima: '32°C' });
    expect(screen.getByText(/^Atualizado às 10:45/)).toBeInTheDocument();
  });

  it('says when the reading is the last good one, with its day', () => {
    render(<WeatherWidget answer={{ reading: RECORDED_READING, stale: true }} now={NOW} />);
    expect(screen.getByText(/^Última leitura: 27\/11 às 10:45/)).toBeInTheDocument();
  });

  it("says 'Previsão indisponível' without a reading, and shows no value while one is on its way", () => {
    const { unmount } = render(<WeatherWidget answer={{ reading: null, stale: false }} now={NOW} />);
    expect(screen.getByText('Previsão indisponível')).toBeInTheDocument();
    expect(screen.queryByText(/°C/)).toBeNull();
    unmount();
    render(<WeatherWidget answer={null} now={NOW} />);
    expect(screen.getByRole('region', { name: 'Porto Ferreira, SP' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText(/°C|indisponível/)).toBeNull();
  });

  it("shows São Paulo's day late in the evening, when it is already the next day in UTC", () => {
    render(<WeatherWidget answer={null} now={new Date('2026-11-23T02:30:00Z')} />);
    expect(screen.getByText('Domingo, 22 de novembro')).toBeInTheDocument();
  });

  it('names every WMO code Open-Meteo documents in pt-BR, and an unknown one without guessing', () => {
    expect([0, 3, 45, 61, 65, 80, 95, 99].map((code) => weatherCondition(code).label)).toEqual([
      'Céu limpo',
      'Nublado',
      'Nevoeiro',
      'Chuva fraca',
      'Chuva forte',
      'Pancadas de chuva fracas',
      'Trovoada',
      'Trovoada com granizo forte',
    ]);
    expect(weatherCondition(42).label).toBe('Condição não informada');
  });
});
