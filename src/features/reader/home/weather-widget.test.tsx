import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WeatherWidget } from './weather-widget';

describe('WeatherWidget', () => {
  it("shows the city, today's weekday, day and month capitalised, and the fixed values", () => {
    render(<WeatherWidget now={new Date('2026-11-22T12:00:00-03:00')} />);
    expect(screen.getByRole('heading', { name: 'Porto Ferreira, SP' })).toBeInTheDocument();
    expect(screen.getByText('Domingo, 22 de novembro')).toBeInTheDocument();
    expect(screen.getByText('28°C')).toBeInTheDocument();
    expect(screen.getByText('Ensolarado')).toBeInTheDocument();
    expect(screen.getByText('65%')).toBeInTheDocument();
    expect(screen.getByText('12 km/h')).toBeInTheDocument();
  });

  it("shows São Paulo's day late in the evening, when it is already the next day in UTC", () => {
    render(<WeatherWidget now={new Date('2026-11-23T02:30:00Z')} />);
    expect(screen.getByText('Domingo, 22 de novembro')).toBeInTheDocument();
  });
});
